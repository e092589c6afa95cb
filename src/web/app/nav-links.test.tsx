import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { FAMILY_MESSAGES } from "../../core/family";
import { sessionQuery } from "../features/auth";
import { apiError, sessionUser, stubApi, withSession } from "../features/family/family-test-data";
import HomePage from "../features/home/components/home-page";
import { ApiError, unwrap } from "../lib/api-client";
import { renderWithApp } from "../test/render";
import { createQueryClient } from "./query-client";
import { NavLinks } from "./signed-in-layout";

const allOn = { groups: true, aiHelper: true, media: true, notifications: false };

const profile = (role: string) =>
  Response.json({
    id: "user-1",
    username: "reader",
    bio: null,
    avatarUrl: null,
    avatarPending: false,
    level: 1,
    xp: 0,
    createdAt: "2026-11-21T12:00:00.000Z",
    completedStories: 0,
    role,
  });

async function navNames(session: Parameters<typeof withSession>[0], role = "member") {
  stubApi({ "GET /api/profile": profile(role) });
  renderWithApp(
    <nav aria-label="Main">
      <NavLinks />
    </nav>,
    { seed: withSession(session) },
  );
  const nav = screen.getByRole("navigation", { name: "Main" });
  // The leader entry waits for the profile; every other entry shows at once.
  if (role !== "member") await within(nav).findByRole("link", { name: "Leader" });
  return within(nav)
    .getAllByRole("link")
    .map((link) => link.textContent);
}

describe("the main navigation and families", () => {
  it("shows a reader with no family every part of Lamplight, and no 'Your family'", async () => {
    expect(await navNames({})).toEqual(["Home", "Stories", "Groups", "Q&A", "Profile"]);
  });

  it("shows a parent's own account only its family and its profile", async () => {
    expect(await navNames({ role: "parent", hasChildren: true })).toEqual(["Your family", "Profile"]);
  });

  it("adds 'Your family' for a leader who is also a parent", async () => {
    expect(await navNames({ role: "leader", hasChildren: true }, "leader")).toEqual([
      "Home",
      "Stories",
      "Groups",
      "Q&A",
      "Your family",
      "Profile",
      "Leader",
    ]);
  });

  it("hides what a child's parent has switched off", async () => {
    expect(
      await navNames({ permissions: { groups: true, aiHelper: false, media: false, notifications: false } }),
    ).toEqual(["Home", "Stories", "Groups", "Profile"]);
    expect(screen.getByRole("link", { name: "Groups" })).toHaveAttribute("href", "/groups");
  });

  it("hides both the groups and the AI helper when both are off", async () => {
    expect(
      await navNames({ permissions: { groups: false, aiHelper: false, media: true, notifications: false } }),
    ).toEqual(["Home", "Stories", "Profile"]);
  });
});

describe("the home page of a parent's own account", () => {
  it("is their family", async () => {
    const calls = stubApi({});
    renderWithApp(
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/family" element={<p>Family page</p>} />
      </Routes>,
      { seed: withSession({ role: "parent", hasChildren: true }) },
    );
    expect(await screen.findByText("Family page")).toBeInTheDocument();
    // It asked for none of a reader's home: no stories, no profile, no verses.
    expect(calls).toEqual([]);
  });
});

describe("a call refused because a parent switched something off", () => {
  it("shows the parent's sentence, and reads the session again so the screens follow the switch", async () => {
    stubApi({
      "GET /api/qna/conversations": apiError(403, "turned_off_by_parent", FAMILY_MESSAGES.turnedOff),
    });
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQuery.queryKey, { user: sessionUser({ permissions: allOn }) });
    const error = await queryClient
      .fetchQuery({ queryKey: ["conversations"], queryFn: () => unwrap(fetch("/api/qna/conversations")) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(FAMILY_MESSAGES.turnedOff);
    expect(queryClient.getQueryState(sessionQuery.queryKey)?.isInvalidated).toBe(true);
  });
});
