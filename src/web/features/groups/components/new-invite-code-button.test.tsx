import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { canRenewInviteCode, GROUP_MESSAGES } from "../../../../core/schemas/groups";
import { renderWithApp } from "../../../test/render";
import { useGroup } from "../api/get-group";
import { GROUP_ID, stubApi } from "./feed-test-data";
import { NewInviteCodeButton } from "./new-invite-code-button";

/** The code and the button as the group page shows them: from the group's own query. */
function GroupCode() {
  const group = useGroup(GROUP_ID);
  if (!group.data) return null;
  return (
    <>
      <p>Invite code {group.data.inviteCode}</p>
      <NewInviteCodeButton groupId={GROUP_ID} inviteCode={group.data.inviteCode} />
    </>
  );
}

const groupAnswer = {
  body: {
    id: GROUP_ID,
    name: "Sunday Explorers",
    inviteCode: "ABC123",
    createdAt: "2026-11-21T12:00:00.000Z",
    role: "owner",
    approveMediaFirst: true,
    canManage: false,
  },
};

describe("'New invite code'", () => {
  it("is offered to the group's owner and to leaders and admins in it, not to other members", () => {
    expect(canRenewInviteCode("owner", "member")).toBe(true);
    expect(canRenewInviteCode("member", "leader")).toBe(true);
    expect(canRenewInviteCode("member", "admin")).toBe(true);
    expect(canRenewInviteCode("member", "member")).toBe(false);
    expect(canRenewInviteCode(null, "member")).toBe(false);
  });

  it("asks first, saying the old code stops working, then shows the new code", async () => {
    const calls = stubApi({
      [`GET /api/groups/${GROUP_ID}`]: groupAnswer,
      [`POST /api/groups/${GROUP_ID}/invite-code`]: { body: { inviteCode: "NEW456" } },
    });
    const { user } = renderWithApp(<GroupCode />);
    await user.click(await screen.findByRole("button", { name: "New invite code" }));
    const dialog = await screen.findByRole("dialog", { name: "Make a new invite code?" });
    expect(dialog).toHaveAccessibleDescription(/The code ABC123 will stop working at once/);

    // Cancel changes nothing.
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "New invite code" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Make new code" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByText("Invite code NEW456")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST").map((call) => call.pathname)).toEqual([
      `/api/groups/${GROUP_ID}/invite-code`,
    ]);
  });

  it("says why when the server refuses, and keeps the old code", async () => {
    stubApi({
      [`GET /api/groups/${GROUP_ID}`]: groupAnswer,
      [`POST /api/groups/${GROUP_ID}/invite-code`]: {
        status: 403,
        body: { error: { code: "leaders_only", message: GROUP_MESSAGES.newCodeLeadersOnly } },
      },
    });
    const { user } = renderWithApp(<GroupCode />);
    await user.click(await screen.findByRole("button", { name: "New invite code" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Make new code" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(GROUP_MESSAGES.newCodeLeadersOnly);
    expect(screen.getByText("Invite code ABC123")).toBeInTheDocument();
  });
});
