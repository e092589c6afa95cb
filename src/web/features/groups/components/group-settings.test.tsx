import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MEDIA_MESSAGES } from "../../../../core/schemas/moderation";
import { renderWithApp } from "../../../test/render";
import { useGroup } from "../api/get-group";
import { GROUP_ID, stubApi } from "./feed-test-data";
import { APPROVE_MEDIA_LABEL, GroupSettings, LEADERS_DECIDE_HINT } from "./group-settings";

/** The setting as the group page shows it: from the group's own query. */
function GroupPageSettings() {
  const group = useGroup(GROUP_ID);
  if (!group.data) return null;
  return (
    <GroupSettings
      groupId={GROUP_ID}
      approveMediaFirst={group.data.approveMediaFirst}
      canChange={group.data.canManage}
    />
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
    canManage: true,
  },
};

describe("the group's settings", () => {
  it("turns 'approve media first' off from the keyboard, and shows the server's answer", async () => {
    const calls = stubApi({
      [`GET /api/groups/${GROUP_ID}`]: groupAnswer,
      [`PUT /api/groups/${GROUP_ID}/settings`]: (body) => ({ body }),
    });
    const { user } = renderWithApp(<GroupPageSettings />);
    const setting = await screen.findByRole("checkbox", { name: APPROVE_MEDIA_LABEL });
    expect(setting).toBeChecked();
    await user.tab();
    expect(setting).toHaveFocus();
    await user.keyboard(" ");
    await waitFor(() => expect(setting).not.toBeChecked());
    expect(setting).toBeEnabled();
    expect(calls.filter((call) => call.method === "PUT").map((call) => call.body)).toEqual([
      { approveMediaFirst: false },
    ]);
  });

  it("says why when the change is refused, and shows the setting as it still is", async () => {
    stubApi({
      [`GET /api/groups/${GROUP_ID}`]: groupAnswer,
      [`PUT /api/groups/${GROUP_ID}/settings`]: {
        status: 403,
        body: { error: { code: "leaders_only", message: MEDIA_MESSAGES.settingLeadersOnly } },
      },
    });
    const { user } = renderWithApp(<GroupPageSettings />);
    const setting = await screen.findByRole("checkbox", { name: APPROVE_MEDIA_LABEL });
    await user.click(setting);
    expect(await screen.findByRole("alert")).toHaveTextContent(MEDIA_MESSAGES.settingLeadersOnly);
    expect(setting).toBeChecked();
  });

  it("shows the group's owner how it is set, with no control to change it and who decides", async () => {
    const calls = stubApi({
      [`GET /api/groups/${GROUP_ID}`]: {
        body: { ...groupAnswer.body, approveMediaFirst: false, canManage: false },
      },
      [`PUT /api/groups/${GROUP_ID}/settings`]: (body) => ({ body }),
    });
    const { user } = renderWithApp(<GroupPageSettings />);
    const setting = await screen.findByRole("checkbox", { name: APPROVE_MEDIA_LABEL });
    expect(setting).not.toBeChecked();
    expect(setting).toBeDisabled();
    expect(setting).toHaveAccessibleDescription(LEADERS_DECIDE_HINT);
    await user.click(setting);
    await user.tab();
    expect(setting).not.toHaveFocus();
    await user.keyboard(" ");
    expect(setting).not.toBeChecked();
    expect(calls.filter((call) => call.method === "PUT")).toEqual([]);
  });
});
