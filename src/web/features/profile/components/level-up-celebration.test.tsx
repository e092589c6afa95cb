import type { QueryClient } from "@tanstack/react-query";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_READING_SETTINGS } from "../../../../core/reading-settings";
import type { Profile } from "../../../../core/schemas/profile";
import { reduceMotion, renderWithApp } from "../../../test/render";
import type { StoryListItem } from "../../stories";
import { profileQuery, setProfileXp } from "../api/get-profile";
import { LEVEL_UP_DELAY_MS, LevelUpCelebration } from "./level-up-celebration";
import { celebratedLevelKey, holdLevelUp } from "./level-up-watch";

const reader: Profile = {
  id: "user-ruth",
  username: "ruth_reads",
  bio: null,
  avatarUrl: null,
  avatarPending: false,
  level: 1,
  xp: 70,
  createdAt: "2026-11-21T12:00:00.000Z",
  completedStories: 0,
  role: "member",
  readingSettings: DEFAULT_READING_SETTINGS,
};

const story = (slug: string, title: string, difficulty: number) =>
  ({
    id: difficulty,
    slug,
    title,
    blurb: `${title}.`,
    scripture: "",
    difficulty,
    progress: null,
  }) as StoryListItem;

const catalogue = [
  story("creation", "Creation", 1),
  story("david-and-goliath", "David and Goliath", 2),
  story("zacchaeus", "Zacchaeus", 2),
  story("ruth-and-naomi", "Ruth and Naomi", 3),
];

/** The server's side: the profile as it stands now, and the story list. */
let serverProfile: Profile;
beforeEach(() => {
  serverProfile = { ...reader };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), "http://localhost");
      if (pathname === "/api/profile") return Response.json(serverProfile);
      if (pathname === "/api/stories") return Response.json(catalogue);
      return Response.json({ error: { message: "Not found" } }, { status: 404 });
    }),
  );
});

afterEach(() => {
  window.localStorage.clear();
});

/** The query library tells its observers on the next turn of the event loop. */
const nextTurn = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function renderLayout(profile: Profile = reader) {
  serverProfile = { ...profile };
  const app = renderWithApp(
    <>
      <button type="button">Mark Story Complete</button>
      <LevelUpCelebration />
    </>,
  );
  app.queryClient.setQueryData(profileQuery.queryKey, profile);
  await nextTurn();
  return app;
}

/** The server awards XP, and the answer puts it in the cache, as a generation or a completion does. */
async function award(queryClient: QueryClient, xp: number, level: number) {
  serverProfile = { ...serverProfile, xp, level };
  setProfileXp(queryClient, { xp, level });
  await nextTurn();
}

// The moment's code loads on first use, which takes a while in a test's fresh module graph.
const findMoment = (level: number) =>
  screen.findByRole("dialog", { name: `Level ${level}!` }, { timeout: 5000 });

/** Long enough for a moment that would show to have shown. */
const waitPastDelay = () => act(() => new Promise((resolve) => setTimeout(resolve, LEVEL_UP_DELAY_MS + 200)));

describe("LevelUpCelebration", () => {
  it("shows the new level as a modal moment with the stories it opened, focus on Continue", async () => {
    reduceMotion(false);
    const { queryClient } = await renderLayout();
    screen.getByRole("button", { name: "Mark Story Complete" }).focus();
    await award(queryClient, 120, 2);

    const moment = await findMoment(2);
    expect(moment).toHaveAttribute("aria-modal", "true");
    expect(within(moment).getByRole("heading", { name: "Level 2!" })).toBeInTheDocument();
    expect(moment).toHaveAccessibleDescription("You reached Level 2 with 120 XP.");
    expect(within(moment).getByRole("button", { name: "Continue" })).toHaveFocus();
    const unlocked = within(moment).getByRole("region", { name: "New adventures unlocked" });
    const links = await within(unlocked).findAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["David and Goliath", "/stories/david-and-goliath"],
      ["Zacchaeus", "/stories/zacchaeus"],
    ]);
    const cover = links[0]?.querySelector("img");
    expect(cover).toHaveAttribute("src", "/api/stories/david-and-goliath/cover.webp?size=256");
    expect(cover).toHaveAttribute("width", "256");
    expect(cover).toHaveAttribute("loading", "lazy");
    // The count ends on the new total; confetti falls, hidden from screen readers.
    await vi.waitFor(() => expect(moment.querySelector("[data-xp-count]")).toHaveTextContent("120 XP"), {
      timeout: 4000,
    });
    expect(document.querySelector("[data-confetti]")).toHaveAttribute("aria-hidden", "true");
  });

  it("closes with Escape and gives the focus back where it was", async () => {
    const { queryClient, user } = await renderLayout();
    const button = screen.getByRole("button", { name: "Mark Story Complete" });
    button.focus();
    await award(queryClient, 100, 2);
    await findMoment(2);

    await user.keyboard("{Escape}");

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("closes with Continue, and the same level is not celebrated again, even after a reload", async () => {
    const first = await renderLayout();
    const button = screen.getByRole("button", { name: "Mark Story Complete" });
    button.focus();
    await award(first.queryClient, 100, 2);
    const moment = await findMoment(2);
    await first.user.click(within(moment).getByRole("button", { name: "Continue" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(window.localStorage.getItem(celebratedLevelKey(reader.id))).toBe("2");

    // More XP within the same level: nothing.
    await award(first.queryClient, 130, 2);
    await waitPastDelay();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    // A reload: the page starts afresh at level 2.
    cleanup();
    await renderLayout({ ...reader, xp: 130, level: 2 });
    await waitPastDelay();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("does not greet an account seen here for the first time for the levels it already has", async () => {
    await renderLayout({ ...reader, xp: 340, level: 4 });
    await waitPastDelay();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(window.localStorage.getItem(celebratedLevelKey(reader.id))).toBe("4");
  });

  it("remembers each user apart", async () => {
    window.localStorage.setItem(celebratedLevelKey("someone-else"), "5");
    const { queryClient } = await renderLayout();
    await award(queryClient, 210, 3);
    const moment = await findMoment(3);
    // Two levels at once: every story that opened on the way.
    const unlocked = within(moment).getByRole("region", { name: "New adventures unlocked" });
    await vi.waitFor(() =>
      expect(
        within(unlocked)
          .getAllByRole("link")
          .map((link) => link.textContent),
      ).toEqual(["David and Goliath", "Zacchaeus", "Ruth and Naomi"]),
    );
    expect(window.localStorage.getItem(celebratedLevelKey("someone-else"))).toBe("5");
  });

  it("waits while another celebration holds the stage, then shows", async () => {
    const { queryClient } = await renderLayout();
    const release = holdLevelUp();
    await award(queryClient, 100, 2);

    await waitPastDelay();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // Not remembered while waiting: a reload now would still celebrate it.
    expect(window.localStorage.getItem(celebratedLevelKey(reader.id))).toBe("1");

    act(() => release());

    expect(await findMoment(2)).toBeInTheDocument();
  });

  it("is calm with reduced motion: no confetti, the total at once", async () => {
    reduceMotion(true);
    const { queryClient } = await renderLayout();
    await award(queryClient, 100, 2);
    const moment = await findMoment(2);
    expect(moment.querySelector("[data-xp-count]")).toHaveTextContent("100 XP");
    expect(document.querySelector("[data-confetti]")).not.toBeInTheDocument();
    // Every movement waits for the reader's permission (a button's colour change is not movement).
    for (const element of [moment, ...moment.querySelectorAll("*")]) {
      const classes = element.getAttribute("class")?.split(/\s+/) ?? [];
      expect(classes.filter((name) => /^(animate|transition(?!-colors$)|starting:)/.test(name))).toEqual([]);
    }
  });

  it("shows a story's title on a tile when its cover cannot load", async () => {
    const { queryClient } = await renderLayout();
    await award(queryClient, 100, 2);
    const moment = await findMoment(2);
    const link = await within(moment).findByRole("link", { name: "David and Goliath" });
    fireEvent.error(link.querySelector("img") as HTMLImageElement);
    const tile = link.querySelector("[data-cover-fallback]");
    expect(tile).toHaveTextContent("David and Goliath");
    expect(tile).toHaveAttribute("aria-hidden", "true");
    // The link's name stays the title once.
    expect(link).toHaveAccessibleName("David and Goliath");
  });
});
