import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../../test/render";
import { stubApi, withSession } from "../../family/family-test-data";
import { GROUP_ID, makeAssignment, makeGroup, makeProfile, makeRow } from "./assignment-test-data";
import GroupChatPage from "./group-chat-page";

const PROGRESS = `/api/groups/${GROUP_ID}/progress`;

/** The group page as `role` in the group and `appRole` in the app, with this week's story set. */
function renderGroupPage(role: "owner" | "member", appRole: "member" | "leader" | "admin") {
  const { mine: _mine, ...assignment } = makeAssignment();
  const calls = stubApi({
    [`GET /api/groups/${GROUP_ID}`]: Response.json(makeGroup(role)),
    "GET /api/profile": Response.json(makeProfile(appRole)),
    [`GET /api/groups/${GROUP_ID}/assignment`]: Response.json({ assignment: makeAssignment() }),
    [`GET ${PROGRESS}`]: Response.json({ assignment, rows: [makeRow({ layersRead: 2 })] }),
    [`GET /api/groups/${GROUP_ID}/posts`]: Response.json({ posts: [], nextCursor: null }),
    [`GET /api/groups/${GROUP_ID}/messages`]: Response.json({ messages: [], hasMore: false }),
  });
  const rendered = renderWithApp(
    <Routes>
      <Route path="/groups/:groupId/chat" element={<GroupChatPage />} />
    </Routes>,
    { path: `/groups/${GROUP_ID}/chat`, seed: withSession({ role: appRole }) },
  );
  return { ...rendered, calls };
}

describe("the group page's Progress tab", () => {
  it("is not there for a member, who never asks for the group's progress", async () => {
    const { calls } = renderGroupPage("member", "member");
    expect(await screen.findByRole("region", { name: "This week's story" })).toBeInTheDocument();
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Progress" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change" })).not.toBeInTheDocument();
    expect(calls.some((call) => call.pathname === PROGRESS)).toBe(false);
  });

  it.each([
    ["the group's owner", "owner", "member"],
    ["a leader in it", "member", "leader"],
    ["an admin in it", "member", "admin"],
  ] as const)(
    "is there for %s, next to 'Chat & feed', and the arrow keys move between them",
    async (_who, role, appRole) => {
      const { user, calls } = renderGroupPage(role, appRole);
      const tablist = await screen.findByRole("tablist", { name: "Group views" });
      const chat = within(tablist).getByRole("tab", { name: "Chat & feed" });
      expect(chat).toHaveAttribute("aria-selected", "true");
      expect(await screen.findByRole("button", { name: "Change" })).toBeInTheDocument();

      chat.focus();
      await user.keyboard("{ArrowRight}");
      const progressTab = within(tablist).getByRole("tab", { name: "Progress" });
      expect(progressTab).toHaveFocus();
      expect(progressTab).toHaveAttribute("aria-selected", "true");
      const panel = screen.getByRole("tabpanel", { name: "Progress" });
      expect(await within(panel).findByRole("table")).toHaveTextContent("2 of 2 layers");

      // The catalogue is read only when the leader opens 'Change'.
      expect(calls.some((call) => call.pathname === "/api/stories")).toBe(false);

      await user.keyboard("{ArrowLeft}");
      expect(chat).toHaveAttribute("aria-selected", "true");
      expect(screen.queryByRole("tabpanel", { name: "Progress" })).not.toBeInTheDocument();
    },
  );
});
