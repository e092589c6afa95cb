import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../../test/render";
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

/** The home page's two reads, answered from memory. */
function stubApi({ xp, stories }: { xp: number; stories: unknown[] }) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), location.href);
      if (pathname === "/api/profile") return Response.json(profile(xp));
      if (pathname === "/api/stories") return Response.json(stories);
      return Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 });
    }),
  );
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
