import { act, fireEvent, screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { earnedMessage } from "../../../../core/achievements";
import type { NotificationItem } from "../../../../core/schemas/notifications";
import { loadNotificationParser, realtimeHub } from "../../../lib/realtime";
import { renderWithApp } from "../../../test/render";
import { achievementsQuery } from "../api/get-achievements";
import { AchievementCelebration, CELEBRATION_MS } from "./achievement-celebration";

function notification(overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: "notification-1",
    type: "achievement",
    message: earnedMessage("question_master"),
    read: false,
    createdAt: "2026-11-21T12:00:00.000Z",
    groupId: null,
    entityId: null,
    sender: null,
    ...overrides,
  };
}

let eventId = 0;
/** The server's part: a `notification` event arriving on the tab's stream. */
function deliver(data: unknown) {
  eventId += 1;
  act(() =>
    realtimeHub.dispatch({
      id: eventId,
      topic: "user:user-me",
      type: "notification",
      data,
      createdAt: new Date(0).toISOString(),
    }),
  );
}

function renderCelebration() {
  return renderWithApp(
    <>
      <button type="button">Keep reading</button>
      <Routes>
        <Route path="/" element={<p>Story page</p>} />
        <Route path="/profile" element={<p>Profile page</p>} />
      </Routes>
      <AchievementCelebration />
    </>,
  );
}

/** The live region: it holds the messages only. */
const region = () => screen.getByRole("status");
const closeButtons = () => screen.queryAllByRole("button", { name: "Close" });
const achievementsLink = () => screen.getByRole("link", { name: "See your achievements" });
/** The card around its Close button. */
const firstCard = () => closeButtons()[0]?.parentElement as HTMLElement;

// Loaded once before the tests, as after the tab's first notification, so each one is read as it comes.
beforeAll(async () => {
  await loadNotificationParser();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("AchievementCelebration", () => {
  it("cheers an earned achievement politely, with a way to the profile, and leaves the focus alone", () => {
    renderCelebration();
    const reading = screen.getByRole("button", { name: "Keep reading" });
    reading.focus();
    expect(region()).toBeEmptyDOMElement();

    deliver(notification());

    // Only the message is announced: not the link and button beside it ("See your achievements Close").
    expect(region().textContent).toBe("You earned the Question Master achievement! 🎉");
    expect(region()).not.toHaveAttribute("aria-live", "assertive");
    expect(region()).toHaveClass("sr-only");
    expect(within(region()).queryByRole("link")).not.toBeInTheDocument();
    expect(within(region()).queryByRole("button")).not.toBeInTheDocument();
    expect(achievementsLink()).toHaveAttribute("href", "/profile");
    expect(closeButtons()).toHaveLength(1);
    expect(
      screen.getByText("You earned the Question Master achievement! 🎉", { ignore: "[role=status] *" }),
    ).toBeVisible();
    expect(reading).toHaveFocus();
    // Every animation waits for the reader's permission to move things.
    const card = firstCard();
    for (const element of [card, ...card.querySelectorAll("*")]) {
      const classes = element.getAttribute("class")?.split(/\s+/) ?? [];
      expect(classes.filter((name) => /^(animate|transition|starting:)/.test(name))).toEqual([]);
    }
    expect(card.className).toContain("motion-safe:starting:opacity-0");
  });

  it("stays quiet for other notifications and for data that is not a notification", () => {
    const { queryClient } = renderCelebration();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");

    deliver(notification({ type: "post_mention", message: "@ruth_reads mentioned you" }));
    deliver(notification({ type: "reaction" }));
    deliver({ type: "achievement", message: "no id, no date" });
    deliver(null);

    expect(region()).toBeEmptyDOMElement();
    expect(closeButtons()).toHaveLength(0);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it("refreshes the achievements so an open profile shows the new one at once", () => {
    const { queryClient } = renderCelebration();
    queryClient.setQueryData(achievementsQuery.queryKey, []);
    expect(queryClient.getQueryState(achievementsQuery.queryKey)?.isInvalidated).toBe(false);

    deliver(notification());

    expect(queryClient.getQueryState(achievementsQuery.queryKey)?.isInvalidated).toBe(true);
  });

  it("closes with its Close button", async () => {
    const { user } = renderCelebration();
    deliver(notification());

    await user.click(screen.getByRole("button", { name: "Close" }));

    expect(region()).toBeEmptyDOMElement();
    expect(closeButtons()).toHaveLength(0);
  });

  it("closes by itself after 8 seconds, but not while pointed at or focused in", () => {
    vi.useFakeTimers();
    renderCelebration();
    deliver(notification());

    act(() => vi.advanceTimersByTime(CELEBRATION_MS - 1));
    expect(closeButtons()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(region()).toBeEmptyDOMElement();

    deliver(notification({ id: "notification-2", message: earnedMessage("group_leader") }));
    const card = firstCard();
    fireEvent.mouseEnter(card);
    act(() => vi.advanceTimersByTime(3 * CELEBRATION_MS));
    expect(region()).toHaveTextContent("Group Leader");
    fireEvent.mouseLeave(card);
    act(() => vi.advanceTimersByTime(CELEBRATION_MS));
    expect(region()).toBeEmptyDOMElement();

    deliver(notification({ id: "notification-3", message: earnedMessage("dedicated_reader") }));
    act(() => achievementsLink().focus());
    act(() => vi.advanceTimersByTime(3 * CELEBRATION_MS));
    expect(region()).toHaveTextContent("Dedicated Reader");
    act(() => screen.getByRole("button", { name: "Keep reading" }).focus());
    act(() => vi.advanceTimersByTime(CELEBRATION_MS));
    expect(region()).toBeEmptyDOMElement();
  });

  it("closes with Escape and hands the focus back where it came from", async () => {
    const { user } = renderCelebration();
    const reading = screen.getByRole("button", { name: "Keep reading" });
    reading.focus();
    deliver(notification());

    await user.tab();
    expect(achievementsLink()).toHaveFocus();
    await user.keyboard("{Escape}");

    expect(region()).toBeEmptyDOMElement();
    expect(reading).toHaveFocus();
  });

  it("goes away when the reader follows its link to the profile", async () => {
    const { user } = renderCelebration();
    deliver(notification());

    await user.click(achievementsLink());

    expect(screen.getByText("Profile page")).toBeInTheDocument();
    expect(region()).toBeEmptyDOMElement();
  });

  it("stacks several, at most three at a time, the next taking a closed one's place; each once", async () => {
    const { user } = renderCelebration();
    deliver(notification({ id: "n-1", message: earnedMessage("first_story") }));
    deliver(notification({ id: "n-2", message: earnedMessage("question_master") }));
    deliver(notification({ id: "n-2", message: earnedMessage("question_master") }));
    deliver(notification({ id: "n-3", message: earnedMessage("group_leader") }));
    deliver(notification({ id: "n-4", message: earnedMessage("dedicated_reader") }));

    const shown = () => [...region().querySelectorAll("p")].map((message) => message.textContent);
    expect(shown()).toEqual([
      earnedMessage("first_story"),
      earnedMessage("question_master"),
      earnedMessage("group_leader"),
    ]);
    expect(closeButtons()).toHaveLength(3);

    await user.click(closeButtons()[0] as HTMLElement);
    expect(shown()).toEqual([
      earnedMessage("question_master"),
      earnedMessage("group_leader"),
      earnedMessage("dedicated_reader"),
    ]);
  });
});
