import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { FAMILY_MESSAGES, type FamilyPermissions } from "../../../../core/family";
import { DEFAULT_READING_SETTINGS } from "../../../../core/reading-settings";
import type { Profile } from "../../../../core/schemas/profile";
import { renderWithApp } from "../../../test/render";
import GroupChatPage from "../../groups/components/group-chat-page";
import GroupsPage from "../../groups/components/groups-page";
import { NewPostDialog } from "../../groups/components/new-post-dialog";
import { EditProfileForm } from "../../profile/components/edit-profile-form";
import QnaPage from "../../qna/components/qna-page";
import { stubApi, withSession } from "../family-test-data";

// What a child sees where a parent's switch is off: the parent's sentence in place of the screen, and no call
// the server would refuse.

const allOn: FamilyPermissions = { groups: true, aiHelper: true, media: true, notifications: false };
const childWith = (changes: Partial<FamilyPermissions>) =>
  withSession({ permissions: { ...allOn, ...changes } });

const profile: Profile = {
  id: "user-1",
  username: "ruth_reads",
  bio: null,
  avatarUrl: null,
  avatarPending: false,
  level: 1,
  xp: 0,
  createdAt: "2026-11-21T12:00:00.000Z",
  completedStories: 0,
  role: "member",
  readingSettings: DEFAULT_READING_SETTINGS,
};

describe("a switch turned off by a parent", () => {
  it("shows the parent's sentence on /qna, and never calls the helper", async () => {
    const calls = stubApi({});
    renderWithApp(<QnaPage />, { path: "/qna", seed: childWith({ aiHelper: false }) });
    expect(screen.getByRole("heading", { level: 1, name: "Ask AI About Bible Stories" })).toBeInTheDocument();
    expect(screen.getByText(FAMILY_MESSAGES.turnedOff)).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the parent's sentence on /groups and on a group's page, and loads no group", async () => {
    const calls = stubApi({});
    renderWithApp(
      <Routes>
        <Route path="/groups" element={<GroupsPage />} />
        <Route path="/groups/:groupId/chat" element={<GroupChatPage />} />
      </Routes>,
      { path: "/groups", seed: childWith({ groups: false }) },
    );
    expect(screen.getByRole("heading", { level: 1, name: "Study Groups" })).toBeInTheDocument();
    expect(screen.getByText(FAMILY_MESSAGES.turnedOff)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create Study Group" })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the parent's sentence on a group's page opened from a link", async () => {
    const calls = stubApi({});
    renderWithApp(
      <Routes>
        <Route path="/groups/:groupId/chat" element={<GroupChatPage />} />
      </Routes>,
      { path: "/groups/g1/chat", seed: childWith({ groups: false }) },
    );
    expect(screen.getByText(FAMILY_MESSAGES.turnedOff)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("leaves the Q&A as it is when the AI helper is on", async () => {
    stubApi({});
    renderWithApp(<QnaPage />, { path: "/qna", seed: childWith({ groups: false }) });
    expect(screen.queryByText(FAMILY_MESSAGES.turnedOff)).not.toBeInTheDocument();
    expect(await screen.findByRole("textbox", { name: /question/i })).toBeInTheDocument();
  });

  it("takes the photo or video picker out of a new post when photos and videos are off", () => {
    stubApi({});
    renderWithApp(<NewPostDialog groupId="g1" open onOpenChange={() => {}} />, {
      seed: childWith({ media: false, notifications: false }),
    });
    expect(screen.getByRole("dialog", { name: "New Post" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Photo or video (optional)")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toBeInTheDocument();
  });

  it("keeps the picker for a child allowed photos and videos", () => {
    stubApi({});
    renderWithApp(<NewPostDialog groupId="g1" open onOpenChange={() => {}} />, {
      seed: childWith({ media: true, notifications: false }),
    });
    expect(screen.getByLabelText("Photo or video (optional)")).toBeInTheDocument();
  });

  it("takes the avatar upload off the profile, and keeps the built-in pictures", () => {
    stubApi({});
    renderWithApp(<EditProfileForm profile={profile} onDone={() => {}} />, {
      seed: childWith({ media: false, notifications: false }),
    });
    expect(screen.queryByText("Or upload your own")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Choose avatar")).not.toBeInTheDocument();
    expect(screen.getAllByRole("radio").length).toBeGreaterThan(0);
  });

  it("keeps the avatar upload for a reader no parent switches", () => {
    stubApi({});
    renderWithApp(<EditProfileForm profile={profile} onDone={() => {}} />, { seed: withSession() });
    expect(screen.getByText("Or upload your own")).toBeInTheDocument();
  });
});
