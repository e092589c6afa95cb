import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEFAULT_READING_SETTINGS } from "../../../../core/reading-settings";
import { REPORT_MESSAGES } from "../../../../core/schemas/moderation";
import type { MemberProfile, Profile } from "../../../../core/schemas/profile";
import { renderWithApp } from "../../../test/render";
import { FRIEND, GROUP_ID, ME, makePost, stubApi } from "../../groups/components/feed-test-data";
import { PostCard } from "../../groups/components/post-card";
import { MemberProfileButton, PICTURE_REMOVED } from "./member-profile-card";

const PICTURE = "/uploads/user-uploads/user-friend/avatar/1.webp";

function makeMember(overrides: Partial<MemberProfile> = {}): MemberProfile {
  return {
    id: FRIEND.id,
    username: FRIEND.username,
    bio: "I like David and Goliath.",
    avatarUrl: PICTURE,
    level: 4,
    parentAgreed: null,
    ...overrides,
  };
}

function viewer(role: Profile["role"] = "member"): Profile {
  return {
    id: ME.id,
    username: ME.username,
    bio: null,
    avatarUrl: null,
    avatarPending: false,
    level: 1,
    xp: 0,
    createdAt: "2026-11-21T12:00:00.000Z",
    completedStories: 0,
    role,
    readingSettings: DEFAULT_READING_SETTINGS,
  };
}

const cardPath = `/api/profile/members/${FRIEND.id}`;

const renderButton = (member = FRIEND) =>
  renderWithApp(
    <MemberProfileButton groupId={GROUP_ID} member={member} currentUserId={ME.id}>
      {member.username}
    </MemberProfileButton>,
  );

describe("a member's profile card", () => {
  it("opens from a post's author with their picture, level and bio", async () => {
    const calls = stubApi({
      [`GET ${cardPath}`]: { body: makeMember() },
      "GET /api/profile": { body: viewer() },
    });
    const { user } = renderWithApp(<PostCard post={makePost()} currentUserId={ME.id} />);
    const author = screen.getByRole("button", { name: "david's profile" });
    expect(author).toHaveAttribute("aria-haspopup", "dialog");
    await user.click(author);
    const dialog = await screen.findByRole("dialog", { name: "david" });
    expect(await within(dialog).findByRole("img", { name: "david's avatar" })).toHaveAttribute(
      "src",
      PICTURE,
    );
    expect(within(dialog).getByText("Level 4")).toBeInTheDocument();
    expect(within(dialog).getByText("I like David and Goliath.")).toBeInTheDocument();
    expect(within(dialog).queryByText("Parent agreed")).not.toBeInTheDocument();
    expect(calls.find((call) => call.pathname === cardPath)).toBeDefined();

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(author).toHaveFocus();
  });

  it("reports someone else's uploaded picture from the group it was seen in", async () => {
    const calls = stubApi({
      [`GET ${cardPath}`]: { body: makeMember() },
      "GET /api/profile": { body: viewer() },
      "POST /api/reports": { status: 201, body: { message: REPORT_MESSAGES.thanks } },
    });
    const { user } = renderButton();
    await user.click(screen.getByRole("button", { name: "david's profile" }));
    const card = await screen.findByRole("dialog", { name: "david" });
    await user.click(await within(card).findByRole("button", { name: "Report picture" }));
    const report = await screen.findByRole("dialog", { name: "Report this picture" });
    await user.click(within(report).getByRole("radio", { name: "Not right for children" }));
    await user.click(within(report).getByRole("button", { name: "Send report" }));
    expect(await within(report).findByText(REPORT_MESSAGES.thanks)).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")).toEqual({
      method: "POST",
      pathname: "/api/reports",
      body: { targetType: "avatar", targetId: FRIEND.id, reason: "inappropriate", groupId: GROUP_ID },
    });
    // Closing the report goes back to the card.
    // The answer's own Close, not the corner's.
    await user.click(within(report).getAllByRole("button", { name: "Close" }).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Report this picture" })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole("dialog", { name: "david" })).toBeInTheDocument();
  });

  it.each([
    ["a built-in picture", makeMember({ avatarUrl: "/avatars/lion.svg" }), FRIEND],
    ["no picture", makeMember({ avatarUrl: null }), FRIEND],
    ["your own picture", makeMember({ id: ME.id, username: ME.username }), ME],
  ])("offers no 'Report picture' for %s", async (_label, member, who) => {
    stubApi({
      [`GET /api/profile/members/${who.id}`]: { body: member },
      "GET /api/profile": { body: viewer("leader") },
    });
    const { user } = renderButton(who);
    await user.click(screen.getByRole("button", { name: `${who.username}'s profile` }));
    const card = await screen.findByRole("dialog");
    expect(await within(card).findByText(`Level ${member.level}`)).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Report picture" })).not.toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Remove picture" })).not.toBeInTheDocument();
  });

  it("shows a leader that a parent agreed for the member", async () => {
    stubApi({
      [`GET ${cardPath}`]: { body: makeMember({ parentAgreed: true }) },
      "GET /api/profile": { body: viewer("leader") },
    });
    const { user } = renderWithApp(<PostCard post={makePost()} currentUserId={ME.id} />);
    await user.click(screen.getByRole("button", { name: "david's profile" }));
    const dialog = await screen.findByRole("dialog", { name: "david" });
    expect(await within(dialog).findByText("Parent agreed")).toBeInTheDocument();
  });

  it("shows the first letter when there is no picture", async () => {
    stubApi({
      [`GET ${cardPath}`]: { body: makeMember({ avatarUrl: null }) },
      "GET /api/profile": { body: viewer() },
    });
    const { user } = renderButton();
    await user.click(screen.getByRole("button", { name: "david's profile" }));
    const card = await screen.findByRole("dialog", { name: "david" });
    expect(await within(card).findByText("D")).toBeInTheDocument();
    expect(within(card).queryByRole("img")).not.toBeInTheDocument();
  });

  it("lets a leader remove an uploaded picture after saying why; members are not offered it", async () => {
    let removed = false;
    const calls = stubApi({
      [`GET ${cardPath}`]: () => ({ body: makeMember({ avatarUrl: removed ? null : PICTURE }) }),
      "GET /api/profile": { body: viewer("leader") },
      [`POST /api/leader/avatars/${FRIEND.id}/remove`]: () => {
        removed = true;
        return { body: { userId: FRIEND.id, avatarUrl: null } };
      },
    });
    const { user } = renderButton();
    await user.click(screen.getByRole("button", { name: "david's profile" }));
    const card = await screen.findByRole("dialog", { name: "david" });
    await user.click(await within(card).findByRole("button", { name: "Remove picture" }));
    const why = within(card).getByLabelText("Why? (kept in the audit log)");
    expect(why).toHaveFocus();
    const confirm = within(card).getByRole("button", { name: "Remove picture" });
    expect(confirm).toBeDisabled();
    await user.type(why, "Shows a school badge");
    await user.click(confirm);
    expect(await within(card).findByText(PICTURE_REMOVED)).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      pictureUrl: PICTURE,
      reason: "Shows a school badge",
    });
    await waitFor(() => expect(within(card).queryByRole("img")).not.toBeInTheDocument());
    expect(within(card).queryByRole("button", { name: "Report picture" })).not.toBeInTheDocument();
  });

  it("offers members 'Report picture' but not 'Remove picture'", async () => {
    stubApi({
      [`GET ${cardPath}`]: { body: makeMember() },
      "GET /api/profile": { body: viewer("member") },
    });
    const { user } = renderButton();
    await user.click(screen.getByRole("button", { name: "david's profile" }));
    const card = await screen.findByRole("dialog", { name: "david" });
    expect(await within(card).findByRole("button", { name: "Report picture" })).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Remove picture" })).not.toBeInTheDocument();
  });

  it("shows the server's message when the card cannot be read", async () => {
    stubApi({
      [`GET ${cardPath}`]: {
        status: 404,
        body: { error: { code: "member_not_found", message: "That member does not exist any more." } },
      },
      "GET /api/profile": { body: viewer() },
    });
    const { user } = renderButton();
    await user.click(screen.getByRole("button", { name: "david's profile" }));
    const card = await screen.findByRole("dialog", { name: "david" });
    expect(await within(card).findByText("That member does not exist any more.")).toBeInTheDocument();
  });
});
