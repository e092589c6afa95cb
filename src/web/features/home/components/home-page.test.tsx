import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ASSIGNMENT_MESSAGES, type MyAssignment } from "../../../../core/schemas/assignments";
import { renderWithApp } from "../../../test/render";
import { withSession } from "../../family/family-test-data";
import { makeMyAssignment } from "../../groups/components/assignment-test-data";
import HomePage from "./home-page";

const USER_ID = "user-1";

const profile = (xp: number) => ({
  id: USER_ID,
  username: "ruth_reads",
  bio: null,
  avatarUrl: null,
  avatarPending: false,
  level: Math.floor(xp / 100) + 1,
  xp,
  createdAt: "2026-11-21T12:00:00.000Z",
  completedStories: 0,
  role: "member",
});

const story = (slug: string, difficulty: number, progress: unknown = null) => ({
  id: difficulty,
  slug,
  title: slug,
  blurb: "A story from the library.",
  scripture: "Genesis 6-9",
  difficulty,
  progress,
});

/** A memory verse the reader has learnt, due today unless told. */
const verse = (slug: string, title: string, reference: string, text: string, due = true) => ({
  story: { slug, title },
  reference,
  text,
  box: 1,
  dueOn: due ? "2026-11-26" : "2099-01-01",
  due,
});

/**
 * The home page's reads (the profile, the stories, the memory verses and this week's stories of the reader's
 * groups) and a review, answered from memory. `assignments` may be a promise, to hold that answer back.
 */
function stubApi({
  xp,
  stories,
  memoryVerses = [],
  assignments = [],
}: {
  xp: number;
  stories: unknown[];
  memoryVerses?: ReturnType<typeof verse>[];
  assignments?: MyAssignment[] | Promise<MyAssignment[]>;
}) {
  const calls: { pathname: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), location.href);
      calls.push({ pathname, body: typeof init?.body === "string" ? JSON.parse(init.body) : null });
      if (pathname === "/api/profile") return Response.json(profile(xp));
      if (pathname === "/api/stories") return Response.json(stories);
      if (pathname === "/api/memory-verses")
        return Response.json({
          verses: memoryVerses,
          dueToday: memoryVerses.filter((entry) => entry.due).length,
        });
      if (pathname === "/api/assignments") return Response.json({ assignments: await assignments });
      if (pathname === "/api/memory-verses/creation/review")
        return Response.json({ right: true, xpAwarded: 5, xp: xp + 5, level: 1, verse: memoryVerses[0] });
      return Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 });
    }),
  );
  return calls;
}

afterEach(() => window.localStorage.clear());

describe("the home page's greeting", () => {
  it("says 'Welcome!' to a child with no XP and no story started", async () => {
    stubApi({ xp: 0, stories: [story("creation", 1)] });
    renderWithApp(<HomePage />);
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome!" })).toBeInTheDocument();
  });

  it("says 'Welcome back, {name}!' to a returning child, and shows no tour", async () => {
    const started = {
      currentLayer: 1,
      highestLayerReached: 1,
      completed: false,
      completedAt: null,
      updatedAt: "2026-11-21T12:00:00.000Z",
    };
    stubApi({ xp: 10, stories: [story("creation", 1, started)] });
    renderWithApp(<HomePage />);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Welcome back, ruth_reads!" }),
    ).toBeInTheDocument();
    await screen.findByRole("heading", { name: "creation" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows each story card with its cover", async () => {
    stubApi({ xp: 0, stories: [story("creation", 1)] });
    window.localStorage.setItem(`lamplight:tour-seen:${USER_ID}`, "2026-11-21");
    renderWithApp(<HomePage />);
    const card = (await screen.findByRole("heading", { name: "creation" })).closest("article");
    expect(card?.querySelector("img")).toHaveAttribute("src", "/api/stories/creation/cover.webp?size=256");
  });
});

describe("the first-run tour", () => {
  it("walks three cards with the keyboard, ends with 'Let's go!', and is shown once per account", async () => {
    stubApi({ xp: 0, stories: [story("creation", 1)] });
    const { user } = renderWithApp(<HomePage />);
    const tour = await screen.findByRole("dialog", { name: "Welcome to Lamplight!" });
    expect(tour).toHaveTextContent("Stories");
    expect(tour).toHaveTextContent("1 of 3");
    const next = screen.getByRole("button", { name: "Next" });
    await waitFor(() => expect(next).toHaveFocus());
    await user.keyboard("{Enter}");
    expect(tour).toHaveTextContent("Groups");
    expect(next).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(tour).toHaveTextContent("The helper");
    expect(tour).toHaveTextContent("3 of 3");
    expect(next).toHaveTextContent("Let's go!");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(window.localStorage.getItem(`lamplight:tour-seen:${USER_ID}`)).not.toBeNull();
  });

  it("closes for good with Escape, like 'Skip tour'", async () => {
    stubApi({ xp: 0, stories: [story("creation", 1)] });
    const first = renderWithApp(<HomePage />);
    await screen.findByRole("dialog", { name: "Welcome to Lamplight!" });
    await first.user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    // The next visit, same account: the greeting is still 'Welcome!', the tour does not come back.
    cleanup();
    renderWithApp(<HomePage />);
    await screen.findByRole("heading", { name: "creation" });
    expect(screen.getAllByRole("heading", { level: 1, name: "Welcome!" }).length).toBeGreaterThan(0);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("ends with 'Skip tour' from any card", async () => {
    stubApi({ xp: 0, stories: [story("creation", 1)] });
    const { user } = renderWithApp(<HomePage />);
    await screen.findByRole("dialog", { name: "Welcome to Lamplight!" });
    await user.click(screen.getByRole("button", { name: "Skip tour" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(window.localStorage.getItem(`lamplight:tour-seen:${USER_ID}`)).not.toBeNull();
  });
});

describe("verses to review on home", () => {
  const genesis = verse(
    "creation",
    "Creation",
    "Genesis 1:1",
    "In the beginning, God created the heavens and the earth.",
  );
  const exodus = verse("moses", "Moses", "Exodus 14:14", "Yahweh will fight for you.", false);

  it("shows how many verses are due, and reviews them with the words put in order", async () => {
    window.localStorage.setItem(`lamplight:tour-seen:${USER_ID}`, "2026-11-21");
    const calls = stubApi({ xp: 40, stories: [story("creation", 1)], memoryVerses: [genesis, exodus] });
    const { user } = renderWithApp(<HomePage />);
    expect(await screen.findByRole("heading", { name: "Verses to review today: 1" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Review now" }));
    await screen.findByRole("heading", { name: /Verse 1 of 1: Genesis 1:1/ });
    const words = ["In", "the", "beginning", "God", "created", "the", "heavens", "and", "the", "earth"];
    const tiles = screen.getByRole("list", { name: "Word tiles" });
    for (const word of words)
      await user.click(within(tiles).getAllByRole("button", { name: word })[0] as HTMLElement);
    await user.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText("Correct!")).toBeInTheDocument();
    expect(screen.getByText("+5 XP")).toBeInTheDocument();
    expect(calls.find((call) => call.pathname === "/api/memory-verses/creation/review")?.body).toEqual({
      words,
    });
  });

  it("shows nothing about verses to a reader who has learnt none", async () => {
    window.localStorage.setItem(`lamplight:tour-seen:${USER_ID}`, "2026-11-21");
    stubApi({ xp: 40, stories: [story("creation", 1)] });
    renderWithApp(<HomePage />);
    await screen.findByRole("heading", { name: "creation" });
    expect(screen.queryByRole("heading", { name: /Verses to review today/ })).not.toBeInTheDocument();
  });
});

describe("this week's story on home", () => {
  it("shows a card per group with a story set: the group, the story, the reader's progress and the way to it", async () => {
    stubApi({
      xp: 40,
      stories: [story("creation", 1)],
      assignments: [
        makeMyAssignment(),
        makeMyAssignment({
          group: { id: "g2", name: "Youth Night" },
          story: { slug: "creation", title: "Creation" },
          layers: 3,
          dueDate: null,
          mine: { layersRead: 3, completed: true },
        }),
      ],
    });
    renderWithApp(<HomePage />);

    const cards = await screen.findAllByRole("region", { name: "This week's story" });
    expect(cards).toHaveLength(2);
    const [daniel, creation] = cards as [HTMLElement, HTMLElement];
    expect(
      within(daniel).getByText(ASSIGNMENT_MESSAGES.homeCard("Sunday Explorers", "Daniel in the Lions' Den")),
    ).toBeInTheDocument();
    expect(within(daniel).getByText("1 of 2 layers")).toBeInTheDocument();
    expect(within(daniel).getByRole("progressbar", { name: "Your progress" })).toHaveAttribute(
      "aria-valuenow",
      "1",
    );
    expect(within(daniel).getByRole("link", { name: "Read it now" })).toHaveAttribute(
      "href",
      "/stories/daniel-lions-den",
    );
    expect(within(creation).getByText("From Youth Night: Creation")).toBeInTheDocument();
    expect(within(creation).getByText("Completed")).toBeInTheDocument();
    expect(within(creation).getByRole("link", { name: "Read it now" })).toHaveAttribute(
      "href",
      "/stories/creation",
    );
  });

  it("shows the rest of home without waiting for it", async () => {
    stubApi({ xp: 40, stories: [story("creation", 1)], assignments: new Promise(() => {}) });
    renderWithApp(<HomePage />);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Welcome back, ruth_reads!" }),
    ).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: /creation/i })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "This week's story" })).not.toBeInTheDocument();
  });

  it("shows nothing, and asks nothing, when a parent has switched groups off", async () => {
    const calls = stubApi({ xp: 40, stories: [story("creation", 1)], assignments: [makeMyAssignment()] });
    renderWithApp(<HomePage />, {
      seed: withSession({
        permissions: { groups: false, aiHelper: true, media: true, notifications: false },
      }),
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Welcome back, ruth_reads!" }),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.pathname === "/api/stories")).toBe(true));
    expect(screen.queryByRole("region", { name: "This week's story" })).not.toBeInTheDocument();
    expect(calls.some((call) => call.pathname === "/api/assignments")).toBe(false);
  });
});
