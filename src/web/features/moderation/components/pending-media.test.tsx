import { screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { MEDIA_MESSAGES, type PendingMedia as PendingMediaItem } from "../../../../core/schemas/moderation";
import { renderWithApp } from "../../../test/render";
import { stubApi } from "./moderation-test-data";
import { NO_PENDING_MEDIA, PendingMedia } from "./pending-media";

function makeMedia(overrides: Partial<PendingMediaItem> = {}): PendingMediaItem {
  return {
    postId: "post-1",
    groupId: "group-1",
    groupName: "Sunday Explorers",
    title: "My drawing of the ark",
    mediaUrl: "/uploads/ark.webp",
    mediaType: "image",
    // Midday UTC, so the date reads the same in every time zone the tests might run in.
    createdAt: "2026-11-21T12:00:00.000Z",
    author: { id: "user-author", username: "naomi" },
    ...overrides,
  };
}

const page = (media: PendingMediaItem[], nextCursor: string | null = null) => ({
  body: { media, nextCursor },
});

const renderQueue = () =>
  renderWithApp(
    <Routes>
      <Route path="/" element={<p>Home page</p>} />
      <Route path="/leader" element={<PendingMedia />} />
    </Routes>,
    { path: "/leader" },
  );

describe("the photos and videos waiting for approval", () => {
  it("shows a loading text, then each item with its group, title, author and preview", async () => {
    stubApi({
      "GET /api/leader/media": page([
        makeMedia(),
        makeMedia({
          postId: "post-2",
          title: "Our song",
          mediaType: "video",
          mediaUrl: "/uploads/s.mp4",
          author: null,
        }),
      ]),
    });
    renderQueue();
    expect(await screen.findByText("Loading photos and videos...")).toBeInTheDocument();
    const photo = await screen.findByRole("article", { name: "My drawing of the ark" });
    expect(within(photo).getByRole("img", { name: "Shared by naomi" })).toHaveAttribute(
      "src",
      "/uploads/ark.webp",
    );
    expect(within(photo).getByText("Sunday Explorers")).toBeInTheDocument();
    expect(within(photo).getByText("naomi")).toBeInTheDocument();
    const video = screen.getByRole("article", { name: "Our song" });
    expect(within(video).getByLabelText("Video shared by deleted user").tagName).toBe("VIDEO");
  });

  it("says when nothing is waiting", async () => {
    stubApi({ "GET /api/leader/media": page([]) });
    renderQueue();
    expect(await screen.findByText(NO_PENDING_MEDIA)).toBeInTheDocument();
  });

  it("approves at once, takes the item away and moves the focus to the next one", async () => {
    let approved = false;
    const calls = stubApi({
      "GET /api/leader/media": () =>
        page(
          approved
            ? [makeMedia({ postId: "post-2", title: "Second" })]
            : [makeMedia(), makeMedia({ postId: "post-2", title: "Second" })],
        ),
      "POST /api/leader/media/post-1/action": () => {
        approved = true;
        return { body: { postId: "post-1", mediaStatus: "approved" } };
      },
    });
    const { user } = renderQueue();
    const first = await screen.findByRole("article", { name: "My drawing of the ark" });
    await user.click(within(first).getByRole("button", { name: "Approve" }));
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "My drawing of the ark" })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole("article", { name: "Second" })).toHaveFocus();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ action: "approve" });
  });

  it("asks for an optional reason before rejecting, and can be cancelled", async () => {
    let rejected = false;
    const calls = stubApi({
      "GET /api/leader/media": () => page(rejected ? [] : [makeMedia()]),
      "POST /api/leader/media/post-1/action": () => {
        rejected = true;
        return { body: { postId: "post-1", mediaStatus: null } };
      },
    });
    const { user } = renderQueue();
    const card = await screen.findByRole("article", { name: "My drawing of the ark" });
    const reject = within(card).getByRole("button", { name: "Reject" });
    await user.click(reject);
    let dialog = await screen.findByRole("dialog", { name: "Reject this photo?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(reject).toHaveFocus();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    await user.click(reject);
    dialog = await screen.findByRole("dialog", { name: "Reject this photo?" });
    const reason = within(dialog).getByLabelText("Why? (optional, kept in the audit log)");
    expect(reason).toHaveFocus();
    await user.type(reason, "Shows a face");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await screen.findByText(NO_PENDING_MEDIA)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      action: "reject",
      reason: "Shows a face",
    });
  });

  it("says so when another leader decided first, and drops the item", async () => {
    const calls = stubApi({
      // The other leader's decision took it out of the queue.
      "GET /api/leader/media": () => page(calls.some((call) => call.method === "POST") ? [] : [makeMedia()]),
      "POST /api/leader/media/post-1/action": {
        status: 409,
        body: { error: { code: "media_not_pending", message: MEDIA_MESSAGES.notPending } },
      },
    });
    const { user } = renderQueue();
    const card = await screen.findByRole("article", { name: "My drawing of the ark" });
    await user.click(within(card).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText(MEDIA_MESSAGES.notPending)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("article")).not.toBeInTheDocument());
  });

  it("loads more while there is a next page", async () => {
    const calls = stubApi({
      // The call being answered is already recorded: the second read is the next page.
      "GET /api/leader/media": () =>
        calls.length > 1
          ? page([makeMedia({ postId: "post-2", title: "Later" })])
          : page([makeMedia()], "cursor-1"),
    });
    const { user } = renderQueue();
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("article", { name: "Later" })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "My drawing of the ark" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("sends a member home when the server refuses", async () => {
    stubApi({
      "GET /api/leader/media": {
        status: 403,
        body: { error: { code: "leaders_only", message: "Only leaders can see this." } },
      },
    });
    renderQueue();
    expect(await screen.findByText("Home page")).toBeInTheDocument();
  });
});
