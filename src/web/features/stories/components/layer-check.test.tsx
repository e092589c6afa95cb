import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { MODERATION_MESSAGES } from "../../../../core/schemas/moderation";
import { CHECK_MESSAGES, type CheckAnswerResult, type LayerCheck } from "../../../../core/stories/checks";
import { OFFLINE_ANSWERS_KEY, OFFLINE_MESSAGES } from "../../../lib/offline";
import { renderWithApp } from "../../../test/render";
import { useProfile } from "../../profile";
import { LayerCheckSection } from "./layer-check-section";
import { LayerReading } from "./layer-reading";

const SLUG = "noah-and-the-ark";
const CHECK_PATH = (layer: number) => `/api/stories/${SLUG}/layers/${layer}/check`;

const QUESTIONS: LayerCheck = {
  items: [
    {
      kind: "choice",
      index: 0,
      question: "What did God tell Noah to build?",
      options: ["A tower", "An ark", "A temple"],
      answered: null,
    },
    {
      kind: "choice",
      index: 1,
      question: "How many of each kind of animal went in?",
      options: ["One", "Two", "Ten", "A hundred"],
      answered: null,
    },
    {
      kind: "choice",
      index: 2,
      question: "What sign did God give after the flood?",
      options: ["A rainbow", "A star", "A dove"],
      answered: null,
    },
  ],
};

const PROMPT = "What will you try this week?";
const LAYER_3: LayerCheck = {
  items: [...QUESTIONS.items.slice(0, 2), { kind: "open", index: 2, prompt: PROMPT, written: null }],
};

const GENESIS_6_14: CheckAnswerResult["verse"] = {
  reference: "Genesis 6:14",
  text: "Make a ship of gopher wood. You shall make rooms in the ship, and shall seal it inside and outside with pitch.",
};

type Call = { method: string; pathname: string; body: unknown };
type Reply = { status?: number; body?: unknown };
type Answer = Reply | ((call: Call) => Reply | Promise<Reply>);

/** Stubs fetch with answers keyed by "METHOD /api/path"; returns the calls made, bodies parsed. */
function stubApi(answers: Record<string, Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), location.href);
      const method = init?.method ?? "GET";
      const call = { method, pathname, body: typeof init?.body === "string" ? JSON.parse(init.body) : null };
      calls.push(call);
      const answer = answers[`${method} ${pathname}`];
      const { status = 200, body = null } = answer
        ? await (typeof answer === "function" ? answer(call) : answer)
        : { status: 404, body: { error: { message: "Not found" } } };
      return Response.json(body, { status });
    }),
  );
  return calls;
}

const verdict = (correct: boolean, change: Partial<CheckAnswerResult> = {}): Reply => ({
  body: {
    correct,
    verse: GENESIS_6_14,
    firstTry: true,
    xpAwarded: correct ? 5 : 0,
    xp: correct ? 105 : 100,
    level: 2,
    ...change,
  } satisfies CheckAnswerResult,
});

/** The first question's answers: "An ark" (option 1) is right. */
const answerFirstQuestion = (call: Call) => verdict((call.body as { option: number }).option === 1);

/** The header's XP, as it reads the profile. */
function XpShown() {
  const xp = useProfile().data?.xp;
  return <p data-testid="xp">{xp === undefined ? "" : `${xp} XP`}</p>;
}

/** The profile loads once with 100 XP; a refetch never comes back, so only the answer's own XP can change it. */
function profileOnce(): Answer {
  let asked = 0;
  return () => {
    asked += 1;
    return asked === 1 ? { body: { xp: 100, level: 2 } } : new Promise<Reply>(() => {});
  };
}

function renderCheck(layer: 1 | 2 | 3 = 1) {
  return renderWithApp(
    <>
      <XpShown />
      <LayerCheckSection slug={SLUG} layer={layer} />
    </>,
  );
}

const question = (name: string) => screen.findByRole("group", { name });
const feedbackOf = (group: HTMLElement) => within(group).getByRole("status");
const answers = (calls: Call[]) => calls.filter((call) => call.method === "POST");

describe("Check your understanding", () => {
  it("loads the layer's questions and shows them with their options", async () => {
    const calls = stubApi({
      [`GET ${CHECK_PATH(1)}`]: { body: QUESTIONS },
      "GET /api/profile": profileOnce(),
    });
    renderCheck();
    expect(
      await screen.findByRole("heading", { name: CHECK_MESSAGES.heading, level: 3 }),
    ).toBeInTheDocument();
    const groups = screen.getAllByRole("group");
    expect(groups.map((group) => group.querySelector("legend")?.textContent)).toEqual([
      "What did God tell Noah to build?",
      "How many of each kind of animal went in?",
      "What sign did God give after the flood?",
    ]);
    expect(
      within(groups[1] as HTMLElement)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["One", "Two", "Ten", "A hundred"]);
    // Asked once, though both the section (ahead of its code) and the questions ask for it.
    expect(calls.filter((call) => call.pathname === CHECK_PATH(1))).toHaveLength(1);
  });

  it("says which verse to look at after a wrong answer and lets the child try again", async () => {
    const calls = stubApi({
      [`GET ${CHECK_PATH(1)}`]: { body: QUESTIONS },
      [`POST ${CHECK_PATH(1)}/0`]: answerFirstQuestion,
      "GET /api/profile": profileOnce(),
    });
    const { user } = renderCheck();
    const first = await question("What did God tell Noah to build?");

    await user.click(within(first).getByRole("button", { name: "A tower" }));
    expect(await within(first).findByText("Not quite. Look at Genesis 6:14.")).toBeInTheDocument();
    expect(feedbackOf(first)).toHaveTextContent(CHECK_MESSAGES.notQuite("Genesis 6:14"));
    const tower = within(first).getByRole("button", { name: "A tower, not this one" });
    expect(tower).toHaveAttribute("aria-disabled", "true");
    // A wrong option cannot be sent again.
    await user.click(tower);
    expect(answers(calls)).toHaveLength(1);

    const ark = within(first).getByRole("button", { name: "An ark" });
    expect(ark).not.toHaveAttribute("aria-disabled");
    await user.click(ark);
    expect(await within(first).findByText(CHECK_MESSAGES.correct)).toBeInTheDocument();
    expect(screen.queryByText("Not quite. Look at Genesis 6:14.")).not.toBeInTheDocument();
    expect(answers(calls).map((call) => call.body)).toEqual([{ option: 0 }, { option: 1 }]);
  });

  it("keeps an answer given offline to be checked when the connection returns, and sends nothing now", async () => {
    const calls = stubApi({
      [`GET ${CHECK_PATH(1)}`]: { body: QUESTIONS },
      "GET /api/profile": profileOnce(),
    });
    const { user } = renderCheck();
    const first = await question("What did God tell Noah to build?");
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    try {
      await user.click(within(first).getByRole("button", { name: "An ark" }));
      expect(feedbackOf(first)).toHaveTextContent(OFFLINE_MESSAGES.answerQueued);
      // One answer a question while it waits: the others are locked.
      expect(within(first).getByRole("button", { name: "A tower" })).toHaveAttribute("aria-disabled", "true");
      expect(answers(calls)).toEqual([]);
      expect(JSON.parse(localStorage.getItem(OFFLINE_ANSWERS_KEY) ?? "[]")).toEqual([
        expect.objectContaining({ path: `${CHECK_PATH(1)}/0`, body: { option: 1 } }),
      ]);
    } finally {
      online.mockRestore();
      localStorage.clear();
    }
  });

  it("shows 'Correct!' with the verse, locks the options and shows the new XP at once", async () => {
    const calls = stubApi({
      [`GET ${CHECK_PATH(1)}`]: { body: QUESTIONS },
      [`POST ${CHECK_PATH(1)}/0`]: answerFirstQuestion,
      "GET /api/profile": profileOnce(),
    });
    const { user } = renderCheck();
    const first = await question("What did God tell Noah to build?");
    expect(await screen.findByTestId("xp")).toHaveTextContent("100 XP");

    await user.click(within(first).getByRole("button", { name: "An ark" }));
    const feedback = feedbackOf(first);
    await waitFor(() => expect(feedback).toHaveTextContent(CHECK_MESSAGES.correct));
    expect(feedback).toHaveTextContent("+5 XP");
    expect(within(feedback).getByText(`“${GENESIS_6_14.text}”`)).toBeInTheDocument();
    expect(within(feedback).getByText("Genesis 6:14")).toBeInTheDocument();
    expect(screen.getByTestId("xp")).toHaveTextContent("105 XP");

    expect(within(first).getByRole("button", { name: "An ark, the right answer" })).toBeInTheDocument();
    for (const button of within(first).getAllByRole("button"))
      expect(button).toHaveAttribute("aria-disabled", "true");
    await user.click(within(first).getByRole("button", { name: "A temple" }));
    // Only the option goes to the server, never an amount of XP.
    expect(answers(calls).map((call) => call.body)).toEqual([{ option: 1 }]);
  });

  it("shows only the reference when Lamplight does not hold the verse's words", async () => {
    stubApi({
      [`GET ${CHECK_PATH(1)}`]: { body: QUESTIONS },
      [`POST ${CHECK_PATH(1)}/2`]: verdict(true, {
        verse: { reference: "Genesis 9:13", text: null },
        firstTry: false,
        xpAwarded: 0,
      }),
      "GET /api/profile": profileOnce(),
    });
    const { user } = renderCheck();
    const third = await question("What sign did God give after the flood?");
    await user.click(within(third).getByRole("button", { name: "A rainbow" }));
    const feedback = feedbackOf(third);
    await waitFor(() => expect(feedback).toHaveTextContent(CHECK_MESSAGES.correct));
    expect(feedback).toHaveTextContent("Genesis 9:13");
    expect(feedback).not.toHaveTextContent("XP");
    expect(within(feedback).queryByRole("blockquote")).not.toBeInTheDocument();
  });

  it("shows a question answered right before (after a reload) as correct, with its right option, verse and options locked", async () => {
    const verse = { reference: "Genesis 6:14", text: "Make a ship of gopher wood." };
    const answered: LayerCheck = {
      items: QUESTIONS.items.map((item) =>
        item.index === 0 && item.kind === "choice"
          ? { ...item, answered: { correct: true, firstTry: true, rightOption: 1, verse } }
          : item,
      ),
    };
    const calls = stubApi({
      [`GET ${CHECK_PATH(1)}`]: { body: answered },
      "GET /api/profile": profileOnce(),
    });
    const { user } = renderCheck();
    const first = await question("What did God tell Noah to build?");
    expect(feedbackOf(first)).toHaveTextContent(CHECK_MESSAGES.correct);
    expect(feedbackOf(first)).toHaveTextContent(verse.text);
    expect(feedbackOf(first)).toHaveTextContent(verse.reference);
    expect(within(first).getByRole("button", { name: "An ark, the right answer" })).toBeInTheDocument();
    await user.click(within(first).getByRole("button", { name: "A tower" }));
    expect(answers(calls)).toEqual([]);
    const second = screen.getByRole("group", { name: "How many of each kind of animal went in?" });
    expect(feedbackOf(second)).toBeEmptyDOMElement();
  });

  it("is worked with the keyboard: Tab and arrows move, Enter and Space choose", async () => {
    const calls = stubApi({
      [`GET ${CHECK_PATH(1)}`]: { body: QUESTIONS },
      [`POST ${CHECK_PATH(1)}/0`]: answerFirstQuestion,
      "GET /api/profile": profileOnce(),
    });
    const { user } = renderCheck();
    const first = await question("What did God tell Noah to build?");
    const option = (name: string) => within(first).getByRole("button", { name });

    await user.tab();
    await waitFor(() => expect(option("A tower")).toHaveFocus());
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(option("An ark")).toHaveFocus());
    await user.keyboard("{ArrowUp}{ArrowUp}");
    // Round from the first option to the last.
    await waitFor(() => expect(option("A temple")).toHaveFocus());
    await user.keyboard("{Enter}");
    expect(await within(first).findByText("Not quite. Look at Genesis 6:14.")).toBeInTheDocument();
    // The wrong option keeps the focus, so the child goes on from where they are.
    await waitFor(() => expect(option("A temple, not this one")).toHaveFocus());
    await user.keyboard("{ArrowLeft}");
    await waitFor(() => expect(option("An ark")).toHaveFocus());
    await user.keyboard(" ");
    await waitFor(() => expect(feedbackOf(first)).toHaveTextContent(CHECK_MESSAGES.correct));
    expect(answers(calls).map((call) => call.body)).toEqual([{ option: 2 }, { option: 1 }]);

    await user.tab();
    expect(
      within(screen.getByRole("group", { name: "How many of each kind of animal went in?" })).getByRole(
        "button",
        { name: "One" },
      ),
    ).toHaveFocus();
  });

  it("keeps the arrow keys in the question on the layer's last step, without turning the page", async () => {
    stubApi({ [`GET ${CHECK_PATH(1)}`]: { body: QUESTIONS }, "GET /api/profile": profileOnce() });
    const { user } = renderWithApp(
      <LayerReading
        text={"## The ark\n\nNoah built an ark.\n\n## The rainbow\n\nGod set a rainbow in the sky."}
        picture={null}
        actions={<LayerCheckSection slug={SLUG} layer={1} />}
      />,
    );
    expect(screen.queryByRole("heading", { name: CHECK_MESSAGES.heading })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    const first = await question("What did God tell Noah to build?");
    within(first).getByRole("button", { name: "An ark" }).focus();
    await user.keyboard("{ArrowLeft}");
    await waitFor(() => expect(within(first).getByRole("button", { name: "A tower" })).toHaveFocus());
    expect(screen.getByText("Step 2 of 2")).toBeInTheDocument();
  });

  it("tells the child when an answer could not be checked", async () => {
    stubApi({
      [`GET ${CHECK_PATH(1)}`]: { body: QUESTIONS },
      [`POST ${CHECK_PATH(1)}/0`]: { status: 503, body: {} },
      "GET /api/profile": profileOnce(),
    });
    const { user } = renderCheck();
    const first = await question("What did God tell Noah to build?");
    await user.click(within(first).getByRole("button", { name: "An ark" }));
    expect(await within(first).findByRole("alert")).toHaveTextContent(
      "We couldn't check that answer. Please try again.",
    );
    expect(within(first).getByRole("button", { name: "An ark" })).not.toHaveAttribute("aria-disabled");
  });

  it("says the questions could not be loaded, and loads them on 'Try again'", async () => {
    let asked = 0;
    stubApi({
      [`GET ${CHECK_PATH(1)}`]: () => {
        asked += 1;
        return asked === 1 ? { status: 503, body: {} } : { body: QUESTIONS };
      },
      "GET /api/profile": profileOnce(),
    });
    const { user } = renderCheck();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("We couldn't load the questions.");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await question("What did God tell Noah to build?")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("loads the questions only once the section comes near the view", async () => {
    let reportNear: (() => void) | undefined;
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe() {
          reportNear = () =>
            this.callback(
              [{ isIntersecting: true } as IntersectionObserverEntry],
              this as unknown as IntersectionObserver,
            );
        }
        disconnect() {}
      },
    );
    const calls = stubApi({
      [`GET ${CHECK_PATH(1)}`]: { body: QUESTIONS },
      "GET /api/profile": profileOnce(),
    });
    renderCheck();
    await screen.findByText("100 XP");
    expect(calls.filter((call) => call.pathname === CHECK_PATH(1))).toEqual([]);
    expect(screen.queryByRole("heading", { name: CHECK_MESSAGES.heading })).not.toBeInTheDocument();

    reportNear?.();
    expect(await question("What did God tell Noah to build?")).toBeInTheDocument();
    expect(calls.filter((call) => call.pathname === CHECK_PATH(1))).toHaveLength(1);
  });
});

describe("The open prompt", () => {
  it("saves the child's words privately and says so", async () => {
    const calls = stubApi({
      [`GET ${CHECK_PATH(3)}`]: { body: LAYER_3 },
      [`POST ${CHECK_PATH(3)}/2`]: (call) => ({ body: { written: (call.body as { text: string }).text } }),
      "GET /api/profile": profileOnce(),
    });
    const { user } = renderCheck(3);
    const field = await screen.findByRole("textbox", { name: PROMPT });
    expect(screen.getByText(`0/500 characters`)).toBeInTheDocument();

    await user.type(field, "Pray for my sister");
    expect(screen.getByText("18/500 characters")).toBeInTheDocument();
    expect(field).toHaveAttribute("maxLength", "500");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(CHECK_MESSAGES.openSaved)).toBeInTheDocument();
    expect(answers(calls).map((call) => call.body)).toEqual([{ text: "Pray for my sister" }]);

    // Changed words are no longer the saved ones.
    await user.type(field, " and brother");
    expect(screen.queryByText(CHECK_MESSAGES.openSaved)).not.toBeInTheDocument();
  });

  it("shows the words saved before, as saved", async () => {
    stubApi({
      [`GET ${CHECK_PATH(3)}`]: {
        body: {
          items: LAYER_3.items.map((item) => (item.kind === "open" ? { ...item, written: "Be kind" } : item)),
        },
      },
      "GET /api/profile": profileOnce(),
    });
    renderCheck(3);
    expect(await screen.findByRole("textbox", { name: PROMPT })).toHaveValue("Be kind");
    expect(screen.getByText(CHECK_MESSAGES.openSaved)).toBeInTheDocument();
  });

  it("shows the moderation's words, and asks for something before sending nothing", async () => {
    const calls = stubApi({
      [`GET ${CHECK_PATH(3)}`]: { body: LAYER_3 },
      [`POST ${CHECK_PATH(3)}/2`]: {
        status: 422,
        body: { error: { code: "moderation", message: MODERATION_MESSAGES.phone } },
      },
      "GET /api/profile": profileOnce(),
    });
    const { user } = renderCheck(3);
    const field = await screen.findByRole("textbox", { name: PROMPT });

    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(CHECK_MESSAGES.openRequired);
    expect(answers(calls)).toEqual([]);

    await user.type(field, "Call me on 555 0100");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MODERATION_MESSAGES.phone);
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText(CHECK_MESSAGES.openSaved)).not.toBeInTheDocument();
  });
});
