import { act, screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../../test/render";
import StoryPage, { generateLabel } from "./story-page";

type Layer = { layer: 1 | 2 | 3; content: string | null };

const pageData = ({
  textSource = "library",
  locked = false,
  currentLayer = 1,
  layers = [],
  preview,
}: {
  textSource?: "library" | "ai";
  locked?: boolean;
  currentLayer?: 1 | 2 | 3;
  layers?: Layer[];
  preview?: string;
}) => ({
  story: {
    id: 1,
    slug: "creation",
    title: "Creation",
    blurb: "God makes the world.",
    scripture: "Genesis 1",
    difficulty: locked ? 3 : 1,
  },
  locked,
  ...(preview ? { preview } : {}),
  textSource,
  progress:
    currentLayer === 1 && layers.length === 0
      ? null
      : {
          currentLayer,
          highestLayerReached: currentLayer,
          completed: false,
          completedAt: null,
          updatedAt: "2026-11-21T12:00:00.000Z",
        },
  layers: ([1, 2, 3] as const).map((layer) => ({
    layer,
    name: ["Basic Understanding", "Deeper Reflection", "Life Application"][layer - 1],
    prompt: "Welcome to the story of creation, where everything begins.",
    content: layers.find((entry) => entry.layer === layer)?.content ?? null,
    imageUrl: null,
  })),
});

const profile = { id: "u1", username: "ruth", level: 1, xp: 120, completedStories: 0, role: "member" };

type Call = { method: string; pathname: string };

/** The story page's reads and writes, answered from memory; a generation answers with an SSE stream. */
function stubApi(page: ReturnType<typeof pageData>, progressAnswer?: unknown) {
  const calls: Call[] = [];
  const encoder = new TextEncoder();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), location.href);
      const method = init?.method ?? "GET";
      calls.push({ method, pathname });
      if (pathname === "/api/stories/creation" && method === "GET") return Response.json(page);
      if (pathname === "/api/profile") return Response.json(profile);
      if (pathname === "/api/stories/creation/progress") return Response.json(progressAnswer);
      if (pathname.endsWith("/generate"))
        return new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              const text = "And God saw that it was good.";
              for (const event of [
                { type: "delta", text },
                { type: "done", content: text, xp: 130, level: 2, xpAwarded: 10 },
              ])
                controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
              controller.close();
            },
          }),
          { headers: { "Content-Type": "text/event-stream" } },
        );
      return Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 });
    }),
  );
  return calls;
}

function renderStoryPage() {
  return renderWithApp(
    <Routes>
      <Route path="/stories/:slug" element={<StoryPage />} />
    </Routes>,
    { path: "/stories/creation" },
  );
}

describe("the layer button's words", () => {
  it("reads 'Start the story', then 'Read layer N', with the library, and 'Generate Story with AI' with an AI", () => {
    expect(generateLabel("library", 1)).toBe("Start the story");
    expect(generateLabel("library", 2)).toBe("Read layer 2");
    expect(generateLabel("library", 3)).toBe("Read layer 3");
    expect(generateLabel("ai", 1)).toBe("Generate Story with AI");
    expect(generateLabel("ai", 3)).toBe("Generate Story with AI");
  });

  it("shows 'Start the story' and 'Reviewed by our ministry' on a library story", async () => {
    stubApi(pageData({}));
    renderStoryPage();
    expect(await screen.findByRole("button", { name: "Start the story" })).toBeInTheDocument();
    expect(screen.getByText("Reviewed by our ministry")).toBeInTheDocument();
  });

  it("keeps the spec's 'Generate Story with AI' and claims no review when an AI writes the text", async () => {
    stubApi(pageData({ textSource: "ai" }));
    renderStoryPage();
    expect(await screen.findByRole("button", { name: "Generate Story with AI" })).toBeInTheDocument();
    expect(screen.queryByText("Reviewed by our ministry")).not.toBeInTheDocument();
  });
});

describe("a locked story's page", () => {
  it("says how far away it is and gives a taste of its first lines", async () => {
    stubApi(pageData({ locked: true, preview: "In the beginning, God made everything." }));
    renderStoryPage();
    const goal = await screen.findByRole("heading", { level: 2, name: /Reach Level 3/ });
    await vi.waitFor(() => expect(goal).toHaveTextContent("Reach Level 3 · 80 XP to go"));
    expect(screen.getByText(/In the beginning, God made everything/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Start the story" })).not.toBeInTheDocument();
  });
});

describe("'Move to Layer N'", () => {
  it("moves to the next layer and starts its text in one tap", async () => {
    const calls = stubApi(pageData({ layers: [{ layer: 1, content: "In the beginning, God created." }] }), {
      progress: {
        currentLayer: 2,
        highestLayerReached: 2,
        completed: false,
        completedAt: null,
        updatedAt: "2026-11-21T12:05:00.000Z",
      },
      xp: 120,
      level: 2,
      xpAwarded: 0,
      message: null,
    });
    const { user } = renderStoryPage();
    vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    await user.click(await screen.findByRole("button", { name: "Move to Layer 2" }));
    expect(await screen.findByText(/And God saw that it was good/)).toBeInTheDocument();
    expect(calls.filter(({ method }) => method === "POST").map(({ pathname }) => pathname)).toEqual([
      "/api/stories/creation/progress",
      "/api/stories/creation/layers/2/generate",
    ]);
    expect(screen.queryByRole("button", { name: "Read layer 2" })).not.toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Story progress" })).toHaveAttribute("aria-valuenow", "2");
  });
});

describe("with no connection (issue 26)", () => {
  it("says a story never opened here isn't available offline, with the way back", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    try {
      // What the service worker answers for a read it never kept: a network failure.
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => {
          throw new TypeError("Failed to fetch");
        }),
      );
      renderStoryPage();
      expect(await screen.findByText("This story isn't available offline yet.")).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Back to Stories" })).toHaveAttribute("href", "/stories");
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("keeps 'Start the story' off and says why while offline", async () => {
    stubApi(pageData({}));
    renderStoryPage();
    const start = await screen.findByRole("button", { name: "Start the story" });
    expect(start).toBeEnabled();
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    try {
      act(() => {
        window.dispatchEvent(new Event("offline"));
      });
      expect(start).toBeDisabled();
      expect(start).toHaveAccessibleDescription("You're offline. This needs a connection.");
    } finally {
      vi.restoreAllMocks();
    }
  });
});
