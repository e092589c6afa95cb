import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { MEMORY_VERSE_MESSAGES } from "../../../../core/memory-verses";
import { renderWithApp } from "../../../test/render";
import StoryPage from "./story-page";

const page = ({ locked = false, memoryVerse }: { locked?: boolean; memoryVerse: string | null }) => ({
  story: {
    id: 1,
    slug: "creation",
    title: "Creation",
    blurb: "God makes the world.",
    scripture: "Genesis 1",
    difficulty: locked ? 3 : 1,
  },
  locked,
  textSource: "library",
  memoryVerse,
  progress: null,
  layers: ([1, 2, 3] as const).map((layer) => ({
    layer,
    name: `Layer ${layer}`,
    prompt: "Welcome to the story of creation.",
    content: null,
    imageUrl: null,
  })),
});

const GENESIS_1_1 = "In the beginning, God created the heavens and the earth.";

/** The story page's reads, and the verse's words for the practice. */
function stubApi(story: ReturnType<typeof page>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), location.href);
      if (pathname === "/api/stories/creation") return Response.json(story);
      if (pathname === "/api/profile") return Response.json({ id: "u1", level: 1, xp: 0 });
      if (pathname === "/api/bible/verses")
        return Response.json({
          reference: "Genesis 1:1",
          verses: [{ ref: "Genesis 1:1", text: GENESIS_1_1 }],
        });
      return Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 });
    }),
  );
}

function renderStoryPage() {
  return renderWithApp(
    <Routes>
      <Route path="/stories/:slug" element={<StoryPage />} />
    </Routes>,
    { path: "/stories/creation" },
  );
}

describe("the story's memory verse on its page", () => {
  it("offers 'Learn this verse' with the reference, and opens the practice", async () => {
    stubApi(page({ memoryVerse: "Genesis 1:1" }));
    const { user } = renderStoryPage();
    const card = (await screen.findByRole("heading", { name: "Memory verse" })).closest(
      "section",
    ) as HTMLElement;
    expect(within(card).getByText("Genesis 1:1")).toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: MEMORY_VERSE_MESSAGES.learn }));
    expect(await within(card).findByRole("heading", { name: /Step 1 of 3/ })).toBeInTheDocument();
  });

  it("is not offered while the story is locked", async () => {
    stubApi(page({ locked: true, memoryVerse: null }));
    renderStoryPage();
    await screen.findByRole("heading", { level: 2, name: /Reach Level 3/ });
    expect(screen.queryByRole("button", { name: MEMORY_VERSE_MESSAGES.learn })).not.toBeInTheDocument();
  });
});
