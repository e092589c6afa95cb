import { screen, waitFor, within } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MEMORY_VERSE_MESSAGES } from "../../../../core/memory-verses";
import type { MemoryVerseItem } from "../../../../core/schemas/memory-verses";
import { renderWithApp } from "../../../test/render";
import { useProfile } from "../../profile";
import { type Answer, type Call, EXODUS_14_14, GENESIS_1_1, learntVerse, stubApi } from "../test-api";
import { REVIEW_MESSAGES } from "./review-session";
import { ALL_CAUGHT_UP, VersesToReview } from "./verses-to-review";

type User = ReturnType<typeof userEvent.setup>;

const GENESIS_WORDS = GENESIS_1_1.replace(/[,.]/g, "").split(" ");
const EXODUS_WORDS = EXODUS_14_14.replace(/[,.”]/g, "").split(" ");

const exodus = learntVerse({
  story: { slug: "moses-and-the-exodus", title: "Moses and the Exodus" },
  reference: "Exodus 14:14",
  text: EXODUS_14_14,
  box: 2,
});
const later = learntVerse({
  story: { slug: "noah-and-the-ark", title: "Noah and the Ark" },
  reference: "Genesis 9:13",
  text: "I set my rainbow in the cloud.",
  box: 3,
  dueOn: "2026-12-01",
  due: false,
});

/** The header's XP, as it reads the profile. */
function XpShown() {
  const xp = useProfile().data?.xp;
  return <p data-testid="xp">{xp === undefined ? "" : `${xp} XP`}</p>;
}

/** The profile loads once with 100 XP; a refetch never comes back, so only the review's own XP can change it. */
function profileOnce(): Answer {
  let asked = 0;
  return () => {
    asked += 1;
    return asked === 1 ? { body: { xp: 100, level: 2 } } : new Promise(() => {});
  };
}

/** The server's verdict on a review: right when the words are the verse's, in order. */
function reviewOf(expected: string[]): Answer {
  return (call) => {
    const right = JSON.stringify((call.body as { words: string[] }).words) === JSON.stringify(expected);
    return {
      body: {
        right,
        xpAwarded: right ? 5 : 0,
        xp: right ? 105 : 100,
        level: 2,
        verse: learntVerse(),
      },
    };
  };
}

function renderReview(verses: MemoryVerseItem[], answers: Record<string, Answer> = {}) {
  const calls = stubApi({
    "GET /api/memory-verses": { body: { verses, dueToday: verses.filter((verse) => verse.due).length } },
    "GET /api/profile": profileOnce(),
    ...answers,
  });
  const { user } = renderWithApp(
    <>
      <XpShown />
      <VersesToReview />
    </>,
  );
  return { calls, user };
}

async function build(user: User, words: string[]) {
  const tiles = screen.getByRole("list", { name: "Word tiles" });
  for (const word of words)
    await user.click(within(tiles).getAllByRole("button", { name: word })[0] as HTMLElement);
}

const reviews = (calls: Call[]) => calls.filter((call) => call.method === "POST");

describe("Verses to review today", () => {
  it("shows how many verses are due", async () => {
    renderReview([learntVerse(), exodus, later]);
    expect(
      await screen.findByRole("heading", { name: `${MEMORY_VERSE_MESSAGES.dueToday}: 2` }),
    ).toBeInTheDocument();
    expect(screen.getByText(/2 verses are ready/)).toBeInTheDocument();
  });

  it("a right review says 'Correct!' with its XP, which the header shows; then the next due verse", async () => {
    const { calls, user } = renderReview([learntVerse(), exodus, later], {
      "POST /api/memory-verses/creation/review": reviewOf(GENESIS_WORDS),
      "POST /api/memory-verses/moses-and-the-exodus/review": reviewOf(EXODUS_WORDS),
    });
    await waitFor(() => expect(screen.getByTestId("xp")).toHaveTextContent("100 XP"));
    await user.click(await screen.findByRole("button", { name: "Review now" }));
    // The focus moves once the review has drawn: waited for, as on a busy machine the effect comes a moment later.
    const first = await screen.findByRole("heading", { name: /Verse 1 of 2: Genesis 1:1/ });
    await waitFor(() => expect(first).toHaveFocus());
    await build(user, GENESIS_WORDS);
    await user.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText(REVIEW_MESSAGES.correct)).toBeInTheDocument();
    expect(screen.getByText("+5 XP")).toBeInTheDocument();
    expect(screen.getByTestId("xp")).toHaveTextContent("105 XP");
    expect(reviews(calls)).toEqual([
      expect.objectContaining({
        pathname: "/api/memory-verses/creation/review",
        body: { words: GENESIS_WORDS },
      }),
    ]);

    await user.click(screen.getByRole("button", { name: "Next verse" }));
    expect(await screen.findByRole("heading", { name: /Verse 2 of 2: Exodus 14:14/ })).toBeInTheDocument();
    expect(screen.queryByText(REVIEW_MESSAGES.correct)).not.toBeInTheDocument();
  });

  it("a wrong review says it will come back tomorrow, and gives no XP", async () => {
    const { user } = renderReview([exodus], {
      "POST /api/memory-verses/moses-and-the-exodus/review": reviewOf(EXODUS_WORDS),
    });
    await waitFor(() => expect(screen.getByTestId("xp")).toHaveTextContent("100 XP"));
    await user.click(await screen.findByRole("button", { name: "Review now" }));
    await screen.findByRole("heading", { name: /Verse 1 of 1: Exodus 14:14/ });
    await build(user, [...EXODUS_WORDS].reverse());
    await user.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText(REVIEW_MESSAGES.notQuite)).toBeInTheDocument();
    expect(screen.queryByText(/XP$/, { selector: "span" })).not.toBeInTheDocument();
    expect(screen.getByTestId("xp")).toHaveTextContent("100 XP");

    await user.click(screen.getByRole("button", { name: "Finish" }));
    const finished = await screen.findByRole("heading", { name: REVIEW_MESSAGES.finished });
    await waitFor(() => expect(finished).toHaveFocus());
    await user.click(screen.getByRole("button", { name: "Done" }));
    const list = await screen.findByRole("heading", { name: new RegExp(MEMORY_VERSE_MESSAGES.dueToday) });
    await waitFor(() => expect(list).toHaveFocus());
  });

  it("a review the server refuses shows its words and lets the reader go on", async () => {
    const { user } = renderReview([learntVerse()], {
      "POST /api/memory-verses/creation/review": {
        status: 409,
        body: { error: { code: "verse_not_due", message: MEMORY_VERSE_MESSAGES.notDue } },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Review now" }));
    await screen.findByRole("heading", { name: /Verse 1 of 1/ });
    await build(user, GENESIS_WORDS);
    await user.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MEMORY_VERSE_MESSAGES.notDue);
    await user.click(screen.getByRole("button", { name: "Finish" }));
    expect(await screen.findByRole("heading", { name: REVIEW_MESSAGES.finished })).toBeInTheDocument();
  });

  it("says 'All caught up' when the reader's verses are all reviewed", async () => {
    renderReview([later]);
    expect(await screen.findByText(ALL_CAUGHT_UP)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Review now" })).not.toBeInTheDocument();
  });

  it("shows nothing to a reader who has learnt no verse", async () => {
    const { calls } = renderReview([]);
    await waitFor(() => expect(calls.some((call) => call.pathname === "/api/memory-verses")).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("heading", { name: MEMORY_VERSE_MESSAGES.dueToday })).not.toBeInTheDocument();
  });
});
