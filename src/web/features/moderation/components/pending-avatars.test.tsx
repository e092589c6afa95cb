import { screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { AVATAR_REVIEW_MESSAGES, type PendingAvatar } from "../../../../core/schemas/moderation";
import { renderWithApp } from "../../../test/render";
import { stubApi } from "./moderation-test-data";
import { NO_PENDING_AVATARS, PendingAvatars } from "./pending-avatars";

function makeAvatar(overrides: Partial<PendingAvatar> = {}): PendingAvatar {
  return {
    userId: "user-naomi",
    username: "naomi",
    pictureUrl: "/uploads/user-uploads/user-naomi/avatar/1.webp",
    // Midday UTC, so the date reads the same in every time zone the tests might run in.
    submittedAt: "2026-11-21T12:00:00.000Z",
    ...overrides,
  };
}

const page = (avatars: PendingAvatar[], nextCursor: string | null = null) => ({
  body: { avatars, nextCursor },
});

const renderQueue = () =>
  renderWithApp(
    <Routes>
      <Route path="/" element={<p>Home page</p>} />
      <Route path="/leader" element={<PendingAvatars />} />
    </Routes>,
    { path: "/leader" },
  );

describe("the profile pictures waiting for approval", () => {
  it("shows a loading text, then each picture with its owner", async () => {
    stubApi({
      "GET /api/leader/avatars": page([
        makeAvatar(),
        makeAvatar({ userId: "user-2", username: null, pictureUrl: "/uploads/two.webp" }),
      ]),
    });
    renderQueue();
    expect(await screen.findByText("Loading profile pictures...")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Profile pictures" })).toBeInTheDocument();
    const card = await screen.findByRole("article", { name: "naomi" });
    expect(within(card).getByRole("img", { name: "naomi's avatar" })).toHaveAttribute(
      "src",
      "/uploads/user-uploads/user-naomi/avatar/1.webp",
    );
    expect(within(card).getByText(/^Sent/)).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "a member" })).toBeInTheDocument();
  });

  it("says when nothing is waiting", async () => {
    stubApi({ "GET /api/leader/avatars": page([]) });
    renderQueue();
    expect(await screen.findByText(NO_PENDING_AVATARS)).toBeInTheDocument();
  });

  it("approves the picture the leader saw, takes it away and moves the focus to the next one", async () => {
    let approved = false;
    const calls = stubApi({
      "GET /api/leader/avatars": () =>
        page(
          approved
            ? [makeAvatar({ userId: "user-2", username: "ruth" })]
            : [makeAvatar(), makeAvatar({ userId: "user-2", username: "ruth" })],
        ),
      "POST /api/leader/avatars/user-naomi/action": () => {
        approved = true;
        return { body: { userId: "user-naomi", avatarUrl: makeAvatar().pictureUrl } };
      },
    });
    const { user } = renderQueue();
    const first = await screen.findByRole("article", { name: "naomi" });
    await user.click(within(first).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(screen.queryByRole("article", { name: "naomi" })).not.toBeInTheDocument());
    expect(screen.getByRole("article", { name: "ruth" })).toHaveFocus();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      action: "approve",
      pictureUrl: makeAvatar().pictureUrl,
    });
  });

  it("asks for an optional reason before rejecting, and can be cancelled", async () => {
    let rejected = false;
    const calls = stubApi({
      "GET /api/leader/avatars": () => page(rejected ? [] : [makeAvatar()]),
      "POST /api/leader/avatars/user-naomi/action": () => {
        rejected = true;
        return { body: { userId: "user-naomi", avatarUrl: null } };
      },
    });
    const { user } = renderQueue();
    const card = await screen.findByRole("article", { name: "naomi" });
    const reject = within(card).getByRole("button", { name: "Reject" });
    await user.click(reject);
    let dialog = await screen.findByRole("dialog", { name: "Reject this profile picture?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(reject).toHaveFocus();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    await user.click(reject);
    dialog = await screen.findByRole("dialog", { name: "Reject this profile picture?" });
    const reason = within(dialog).getByLabelText("Why? (optional, kept in the audit log)");
    expect(reason).toHaveFocus();
    await user.type(reason, "Shows a school badge");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await screen.findByText(NO_PENDING_AVATARS)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Profile pictures" })).toHaveFocus();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      action: "reject",
      pictureUrl: makeAvatar().pictureUrl,
      reason: "Shows a school badge",
    });
  });

  it("says so when another leader decided first (or the member replaced it), and drops the picture", async () => {
    const calls = stubApi({
      "GET /api/leader/avatars": () =>
        page(calls.some((call) => call.method === "POST") ? [] : [makeAvatar()]),
      "POST /api/leader/avatars/user-naomi/action": {
        status: 409,
        body: { error: { code: "avatar_not_pending", message: AVATAR_REVIEW_MESSAGES.notPending } },
      },
    });
    const { user } = renderQueue();
    const card = await screen.findByRole("article", { name: "naomi" });
    await user.click(within(card).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText(AVATAR_REVIEW_MESSAGES.notPending)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("article")).not.toBeInTheDocument());
  });

  it("keeps the card and shows why when a decision fails otherwise", async () => {
    stubApi({
      "GET /api/leader/avatars": page([makeAvatar()]),
      "POST /api/leader/avatars/user-naomi/action": {
        status: 500,
        body: { error: { code: "internal", message: "Something went wrong. Please try again." } },
      },
    });
    const { user } = renderQueue();
    const card = await screen.findByRole("article", { name: "naomi" });
    await user.click(within(card).getByRole("button", { name: "Approve" }));
    expect(await within(card).findByText("Something went wrong. Please try again.")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Approve" })).toBeEnabled();
  });

  it("shows the error with 'Try again' when the queue cannot be read", async () => {
    let failing = true;
    stubApi({
      "GET /api/leader/avatars": () =>
        failing
          ? { status: 500, body: { error: { code: "internal", message: "Could not load." } } }
          : page([makeAvatar()]),
    });
    const { user } = renderQueue();
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load.");
    failing = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "naomi" })).toBeInTheDocument();
  });

  it("loads more while there is a next page", async () => {
    const calls = stubApi({
      "GET /api/leader/avatars": () =>
        calls.length > 1
          ? page([makeAvatar({ userId: "user-2", username: "ruth" })])
          : page([makeAvatar()], "cursor-1"),
    });
    const { user } = renderQueue();
    await user.click(await screen.findByRole("button", { name: "Show more pictures" }));
    expect(await screen.findByRole("article", { name: "ruth" })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "naomi" })).toBeInTheDocument();
  });

  it("sends a member home when the server refuses", async () => {
    stubApi({
      "GET /api/leader/avatars": {
        status: 403,
        body: { error: { code: "leaders_only", message: "Only leaders can see this." } },
      },
    });
    renderQueue();
    expect(await screen.findByText("Home page")).toBeInTheDocument();
  });
});
