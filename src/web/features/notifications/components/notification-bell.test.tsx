import { act, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { NotificationItem } from "../../../../core/schemas/notifications";
import { realtimeHub } from "../../../lib/realtime";
import { renderWithApp } from "../../../test/render";
import { NotificationBell } from "./notification-bell";

const item = (overrides: Partial<NotificationItem> = {}): NotificationItem => ({
  id: "n-1",
  type: "post_mention",
  message: "david mentioned you in a post",
  read: false,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  groupId: null,
  entityId: null,
  sender: { id: "user-david", username: "david", avatarUrl: null },
  ...overrides,
});

type Call = { method: string; pathname: string; body: unknown };

function stubNotifications(notifications: NotificationItem[], unreadCount: number) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), location.href);
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : null;
      calls.push({ method, pathname, body });
      if (method === "GET" && pathname === "/api/notifications")
        return Response.json({ notifications, unreadCount });
      if (pathname === "/api/notifications/read") return Response.json({ unreadCount: unreadCount - 1 });
      if (pathname === "/api/notifications/read-all") return Response.json({ unreadCount: 0 });
      return Response.json({ error: { message: "Not found" } }, { status: 404 });
    }),
  );
  return calls;
}

describe("the notification bell", () => {
  it("shows the unread count on the badge without being opened", async () => {
    stubNotifications([item()], 3);
    renderWithApp(<NotificationBell />);
    const bell = await screen.findByRole("button", { name: "Notifications, 3 unread" });
    expect(within(bell).getByText("3")).toBeInTheDocument();
  });

  it("caps the badge at '9+'", async () => {
    stubNotifications([item()], 10);
    renderWithApp(<NotificationBell />);
    const bell = await screen.findByRole("button", { name: "Notifications, 10 unread" });
    expect(within(bell).getByText("9+")).toBeInTheDocument();
  });

  it("says 'No notifications yet' and offers no 'Mark all read' when there are none", async () => {
    stubNotifications([], 0);
    const { user } = renderWithApp(<NotificationBell />);
    await user.click(screen.getByRole("button", { name: "Notifications" }));
    expect(await screen.findByText("No notifications yet")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Notifications" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark all read" })).not.toBeInTheDocument();
  });

  it("opens and closes with the bell, and Escape gives the focus back to it", async () => {
    stubNotifications([], 0);
    const { user } = renderWithApp(<NotificationBell />);
    const bell = screen.getByRole("button", { name: "Notifications" });
    await user.click(bell);
    // The popover loads on first use.
    expect(await screen.findByRole("dialog", { name: "Notifications" })).toBeInTheDocument();
    expect(bell).toHaveAttribute("aria-expanded", "true");
    await user.click(bell);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(bell).toHaveAttribute("aria-expanded", "false");

    await user.click(bell);
    await screen.findByRole("dialog", { name: "Notifications" });
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(bell).toHaveFocus());
  });

  it("marks all read, clearing the count", async () => {
    const calls = stubNotifications([item(), item({ id: "n-2", read: true, message: "Old news" })], 1);
    const { user } = renderWithApp(<NotificationBell />);
    await user.click(await screen.findByRole("button", { name: "Notifications, 1 unread" }));
    // The popover loads on first use.
    expect(await screen.findAllByText("5 minutes ago")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Mark all read" }));
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark all read" })).not.toBeInTheDocument();
    expect(calls.some((call) => call.pathname === "/api/notifications/read-all")).toBe(true);
  });

  it("marks an unread item read when it is clicked", async () => {
    const calls = stubNotifications([item()], 1);
    const { user } = renderWithApp(<NotificationBell />);
    await user.click(await screen.findByRole("button", { name: "Notifications, 1 unread" }));
    await user.click(await screen.findByRole("button", { name: /^Unread:\s*david mentioned you in a post/ }));
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeInTheDocument();
    expect(calls.find((call) => call.pathname === "/api/notifications/read")?.body).toEqual({ ids: ["n-1"] });
    expect(screen.queryByText("Unread:", { exact: false })).not.toBeInTheDocument();
  });

  it("puts a live notification first and counts it once", async () => {
    stubNotifications([item({ read: true, message: "Older" })], 0);
    const { user } = renderWithApp(<NotificationBell />);
    await user.click(screen.getByRole("button", { name: "Notifications" }));
    await screen.findByText("Older");
    const fresh = item({
      id: "n-9",
      type: "reaction",
      sender: null,
      message: "Someone prayed for your post",
    });
    const envelope = {
      id: 1,
      topic: "user:me",
      type: "notification",
      data: fresh,
      createdAt: fresh.createdAt,
    };
    act(() => {
      realtimeHub.dispatch(envelope);
      realtimeHub.dispatch({ ...envelope, id: 2 });
    });
    // The query cache tells the screen on its next tick.
    expect(await screen.findByRole("button", { name: "Notifications, 1 unread" })).toBeInTheDocument();
    const items = within(screen.getByRole("list", { name: "Notifications" })).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Someone prayed for your post");
  });

  it("takes a leader's reply to its conversation, never showing the leader", async () => {
    const conversationId = "7d0c5e2a-1b3f-4c6d-8e9f-0a1b2c3d4e5f";
    stubNotifications(
      [
        item({
          id: "n-leader",
          type: "leader_answer",
          message: "A leader answered your question",
          entityId: conversationId,
          // Even if the server named the leader, the child is not shown who it was.
          sender: { id: "user-leader", username: "pastor_ann", avatarUrl: "/avatars/ann.png" },
          read: true,
        }),
      ],
      0,
    );
    function Conversation() {
      const location = useLocation();
      return <p>{`Opened ${location.pathname}${location.search}`}</p>;
    }
    const { user } = renderWithApp(
      <>
        <NotificationBell />
        <Routes>
          <Route path="/" element={<p>Home page</p>} />
          <Route path="/qna" element={<Conversation />} />
        </Routes>
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Notifications" }));
    // Read already, it still links somewhere: a button, like an achievement's.
    const row = await screen.findByRole("button", { name: /A leader answered your question/ });
    expect(within(row).queryByText("pastor_ann")).not.toBeInTheDocument();
    expect(row.querySelector("img")).toBeNull();
    await user.click(row);
    expect(await screen.findByText(`Opened /qna?c=${conversationId}`)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
