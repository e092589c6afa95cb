import { screen, waitFor, within } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MEMORY_VERSE_MESSAGES } from "../../../../core/memory-verses";
import { renderWithApp } from "../../../test/render";
import { type Answer, type Call, GENESIS_1_1, learntVerse, stubApi } from "../test-api";
import { FILL_IN_MESSAGES } from "./fill-in-step";
import { LearnVerseCard } from "./learn-verse-card";
import { PRACTICE_MESSAGES } from "./verse-practice";

type User = ReturnType<typeof userEvent.setup>;

const SLUG = "creation";
const LEARN = `POST /api/memory-verses/${SLUG}/learn`;
const VERSES = "GET /api/bible/verses";
const WORDS = ["In", "the", "beginning", "God", "created", "the", "heavens", "and", "the", "earth"];

const genesis = { body: { reference: "Genesis 1:1", verses: [{ ref: "Genesis 1:1", text: GENESIS_1_1 }] } };

function renderCard(learn: Answer = { status: 201, body: { verse: learntVerse() } }) {
  const calls = stubApi({ [VERSES]: genesis, [LEARN]: learn });
  const { user } = renderWithApp(<LearnVerseCard slug={SLUG} reference="Genesis 1:1" />);
  return { calls, user };
}

const choices = () => screen.getByRole("list", { name: "Word choices" });
const tiles = () => screen.getByRole("list", { name: "Word tiles" });
const choice = (word: string) => within(choices()).getAllByRole("button", { name: word })[0] as HTMLElement;
const tile = (word: string) => within(tiles()).getAllByRole("button", { name: word })[0] as HTMLElement;
const verseSoFar = () => screen.getByText(/^Your verse so far/);

async function open(user: User) {
  await user.click(screen.getByRole("button", { name: MEMORY_VERSE_MESSAGES.learn }));
  await screen.findByRole("heading", { name: PRACTICE_MESSAGES.steps[0] });
}

/** Fills the blanks of a fill-in step with the right words, in order, and moves on. */
async function fillIn(user: User, words: string[]) {
  for (const word of words) await user.click(choice(word));
  expect(screen.getByText(FILL_IN_MESSAGES.allFound)).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Next step" }));
}

async function toStepThree(user: User) {
  await open(user);
  await fillIn(user, ["beginning", "created"]);
  await screen.findByRole("heading", { name: PRACTICE_MESSAGES.steps[1] });
  await fillIn(user, ["the", "God", "the", "and", "earth"]);
  await screen.findByRole("heading", { name: PRACTICE_MESSAGES.steps[2] });
}

async function build(user: User, words: string[]) {
  for (const word of words) await user.click(tile(word));
}

const learnCalls = (calls: Call[]) => calls.filter((call) => call.method === "POST");

describe("Learn this verse", () => {
  it("shows the story's verse reference and opens the practice with the verse's words", async () => {
    const { calls, user } = renderCard();
    expect(screen.getByRole("heading", { name: "Memory verse" })).toBeInTheDocument();
    expect(screen.getByText("Genesis 1:1")).toBeInTheDocument();
    await open(user);
    expect(calls.find((call) => call.pathname === "/api/bible/verses")?.search).toBe("?ref=Genesis+1%3A1");
    // Step 1: the verse with its two longest words missing.
    const verse = screen.getByText(
      (_, element) => element?.tagName === "P" && (element.textContent ?? "").startsWith("In the"),
    );
    expect(verse).toHaveTextContent("In the (the missing word to find now), God (missing word) the heavens");
    await waitFor(() =>
      expect(screen.getByRole("heading", { name: PRACTICE_MESSAGES.steps[0] })).toHaveFocus(),
    );
  });

  it("step 1: a wrong word is marked gently and another can be tried; right words fill the blanks in order", async () => {
    const { user } = renderCard();
    await open(user);
    const wrong = within(choices())
      .getAllByRole("button")
      .find((button) => !["beginning", "created"].includes(button.textContent ?? "")) as HTMLElement;
    await user.click(wrong);
    expect(screen.getByText(FILL_IN_MESSAGES.tryAnother)).toBeInTheDocument();
    expect(wrong).toHaveAttribute("aria-disabled", "true");
    expect(wrong).toHaveAccessibleName(`${wrong.textContent}`);

    // 'created' belongs in the second blank, not the first.
    await user.click(choice("created"));
    expect(screen.getByText(FILL_IN_MESSAGES.tryAnother)).toBeInTheDocument();
    await user.click(choice("beginning"));
    expect(screen.getByText(FILL_IN_MESSAGES.right(1, 2))).toBeInTheDocument();
    expect(screen.queryByText(FILL_IN_MESSAGES.tryAnother)).not.toBeInTheDocument();
    // Tried and wrong for the first blank is not wrong for the second.
    expect(choice("created")).not.toHaveAttribute("aria-disabled");
    await user.click(choice("created"));
    expect(screen.getByText(FILL_IN_MESSAGES.allFound)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Next step" })).toHaveFocus());
  });

  it("step 2: half the words are missing, chosen the same way", async () => {
    const { user } = renderCard();
    await open(user);
    await fillIn(user, ["beginning", "created"]);
    const secondStep = await screen.findByRole("heading", { name: PRACTICE_MESSAGES.steps[1] });
    await waitFor(() => expect(secondStep).toHaveFocus());
    expect(within(choices()).getAllByRole("button")).toHaveLength(5);
    await user.click(choice("earth"));
    expect(screen.getByText(FILL_IN_MESSAGES.tryAnother)).toBeInTheDocument();
    await fillIn(user, ["the", "God", "the", "and", "earth"]);
    expect(await screen.findByRole("heading", { name: PRACTICE_MESSAGES.steps[2] })).toBeInTheDocument();
  });

  it("step 3: the verse built in order is sent as built, and the reader is told they learnt it", async () => {
    const { calls, user } = renderCard();
    await toStepThree(user);
    const check = screen.getByRole("button", { name: "Check my verse" });
    expect(check).toBeDisabled();
    await build(user, WORDS);
    expect(verseSoFar()).toHaveTextContent(`Your verse so far: ${WORDS.join(" ")}`);
    expect(check).toBeEnabled();
    await user.click(check);
    const learnt = await screen.findByRole("heading", { name: PRACTICE_MESSAGES.learnt });
    await waitFor(() => expect(learnt).toHaveFocus());
    expect(learnCalls(calls)).toEqual([
      { method: "POST", pathname: `/api/memory-verses/${SLUG}/learn`, search: "", body: { words: WORDS } },
    ]);
  });

  it("step 3 by keyboard: tiles are buttons taken with Enter or Space, Backspace takes back the last", async () => {
    const { user } = renderCard();
    await toStepThree(user);
    tile("In").focus();
    await user.keyboard("{Enter}");
    expect(verseSoFar()).toHaveTextContent("Your verse so far: In");
    // The focus has moved on to a tile still to place; Tab walks the tiles.
    expect(document.activeElement?.closest("ul")).toBe(tiles());
    tile("the").focus();
    await user.keyboard(" ");
    tile("heavens").focus();
    await user.keyboard("{Enter}");
    expect(verseSoFar()).toHaveTextContent("Your verse so far: In the heavens");
    const placed = screen.getByRole("list", { name: "Your verse so far" });
    expect(
      within(placed)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["In", "the", "heavens"]);

    await user.keyboard("{Backspace}");
    expect(verseSoFar()).toHaveTextContent("Your verse so far: In the");
    expect(tile("heavens")).toBeInTheDocument();

    // A placed tile taken back by its own button (named for its word) goes back among the tiles, with the focus.
    const takeBackThe = within(placed).getByRole("button", { name: "Take back the" });
    takeBackThe.focus();
    await user.keyboard("{Enter}");
    expect(verseSoFar()).toHaveTextContent("Your verse so far: In");
    expect(document.activeElement).toHaveAccessibleName("the");
    expect(document.activeElement?.closest("ul")).toBe(tiles());

    await user.tab();
    expect(document.activeElement?.closest("ul")).toBe(tiles());
  });

  it("step 3 in the wrong order: the server's words show and the tiles come back to try again", async () => {
    const { calls, user } = renderCard({
      status: 422,
      body: { error: { code: "verse_not_right", message: MEMORY_VERSE_MESSAGES.notRight } },
    });
    await toStepThree(user);
    const swapped = ["the", "In", ...WORDS.slice(2)];
    await build(user, swapped);
    await user.click(screen.getByRole("button", { name: "Check my verse" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MEMORY_VERSE_MESSAGES.notRight);
    expect(learnCalls(calls)[0]?.body).toEqual({ words: swapped });
    expect(screen.queryByRole("list", { name: "Your verse so far" })).not.toBeInTheDocument();
    expect(within(tiles()).getAllByRole("button")).toHaveLength(WORDS.length);
    await waitFor(() =>
      expect(screen.getByRole("heading", { name: PRACTICE_MESSAGES.steps[2] })).toHaveFocus(),
    );
  });

  it("a verse learnt already says so", async () => {
    const { user } = renderCard({
      status: 409,
      body: { error: { code: "verse_already_learnt", message: MEMORY_VERSE_MESSAGES.alreadyLearnt } },
    });
    await toStepThree(user);
    await build(user, WORDS);
    await user.click(screen.getByRole("button", { name: "Check my verse" }));
    expect(
      await screen.findByRole("heading", { name: MEMORY_VERSE_MESSAGES.alreadyLearnt }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Done" }));
    // The focus goes back to the button that opened the practice.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: MEMORY_VERSE_MESSAGES.learn })).toHaveFocus(),
    );
  });

  it("'Start again' clears the verse being built", async () => {
    const { user } = renderCard();
    await toStepThree(user);
    await build(user, ["In", "the"]);
    await user.click(screen.getByRole("button", { name: "Start again" }));
    expect(screen.queryByRole("list", { name: "Your verse so far" })).not.toBeInTheDocument();
    expect(screen.getByText("10 words to place")).toBeInTheDocument();
    expect(document.activeElement?.closest("ul")).toBe(tiles());
  });
});
