import { useQueryClient } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import { useEffect, useReducer } from "react";
import { Route, Routes, useParams } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../../test/render";
import { useGroup } from "../api/get-group";
import { GROUP_ID, stubApi } from "./feed-test-data";
import { LeaveGroupButton } from "./leave-group-button";

const groupPath = `/api/groups/${GROUP_ID}`;

/**
 * The part of the group's page that matters here: it uses the group's query while it is shown, and renders again
 * as queries leave the cache, as a busy page does on a chat message or a new post.
 */
function GroupPage() {
  const { groupId = "" } = useParams();
  const group = useGroup(groupId);
  const queryClient = useQueryClient();
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === "removed") renderAgain();
      }),
    [queryClient],
  );
  if (group.isError) return <p>Could not open the group</p>;
  if (!group.data) return <p>Loading group...</p>;
  return (
    <>
      <h1>{group.data.name}</h1>
      <LeaveGroupButton groupId={groupId} groupName={group.data.name} />
    </>
  );
}

describe("Leave Group", () => {
  it("asks first, then goes to /groups before forgetting the group, which is not fetched again", async () => {
    let left = false;
    const calls = stubApi({
      [`GET ${groupPath}`]: () =>
        left
          ? { status: 403, body: { error: { message: "You are not a member of this group." } } }
          : { body: { id: GROUP_ID, name: "Sunday Explorers", inviteCode: "ABC123", role: "member" } },
      [`DELETE ${groupPath}/members/me`]: () => {
        left = true;
        return { status: 204 };
      },
    });
    const { user, queryClient } = renderWithApp(
      <Routes>
        <Route path="/groups/:groupId/chat" element={<GroupPage />} />
        <Route path="/groups" element={<p>Your groups</p>} />
      </Routes>,
      { path: `/groups/${GROUP_ID}/chat` },
    );
    queryClient.setQueryData(["group", GROUP_ID, "posts"], { pages: [], pageParams: [] });
    queryClient.setQueryData(["groups", "mine"], { pages: [], pageParams: [] });

    await user.click(await screen.findByRole("button", { name: "Leave Group" }));
    const dialog = screen.getByRole("dialog", { name: "Leave Sunday Explorers?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Leave Group" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Leave Sunday Explorers?" })).getByRole("button", {
        name: "Leave Group",
      }),
    );

    expect(await screen.findByText("Your groups")).toBeInTheDocument();
    const afterLeaving = calls.slice(calls.findIndex((call) => call.method === "DELETE") + 1);
    expect(afterLeaving.filter((call) => call.pathname === groupPath)).toEqual([]);
    expect(screen.queryByText("Could not open the group")).not.toBeInTheDocument();
    await expect
      .poll(() => queryClient.getQueryCache().findAll({ queryKey: ["group", GROUP_ID] }))
      .toEqual([]);
    expect(queryClient.getQueryState(["groups", "mine"])?.isInvalidated).toBe(true);
  });
});
