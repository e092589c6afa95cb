import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { QNA_FALLBACK_ANSWER } from "../../core/schemas/qna";
import { buildImagePrompt, IMAGE_STYLES } from "../../core/stories/image-styles";
import { buildShareDraftMessages } from "../../core/stories/share";
import { buildStoryMessages, NO_PERSONAL_INFORMATION_RULE } from "../../core/stories/story-prompt";
import { splitIntoPieces } from "../adapters/ai/text-library";
import { AiError } from "../adapters/ai/types";
import { checkLocally, createLocalModerator } from "../adapters/moderation/local";
import { createOpenAiModerator } from "../adapters/moderation/openai";
import type { TextModerator } from "../adapters/moderation/types";
import { buildQnaMessages } from "../features/qna/prompt";
import { offlineHelper, questionBank } from "../features/qna/question-bank";
import { loadLibrary } from "../features/stories/library";
import { FAKE_OPENAI_FLAG_WORD, type FakeOpenAi, startFakeOpenAi } from "../test/fakes/openai";
import { createOutputChecker, streamGuarded } from "./ai-guardrails";

/** Feeds pieces to a checker; what it released after each, and whether it withheld. */
function run(pieces: string[], check = checkLocally) {
  const checker = createOutputChecker(check);
  const released = pieces.map((piece) => checker.push(piece));
  return { checker, released };
}

/** A model's tokens: each word with the whitespace before it, as the fake OpenAI and real models send them. */
const tokensOf = (text: string) => text.match(/\s*\S+|\s+$/g) ?? [];

/** Streams pieces through the guard as a route does; what was forwarded, joined. */
async function guarded(
  pieces: AsyncIterable<string>,
  moderator: TextModerator = createLocalModerator(),
  signal = new AbortController().signal,
) {
  const forwarded: string[] = [];
  const outcome = await streamGuarded(pieces, {
    moderator,
    signal,
    forward: async (text) => void forwarded.push(text),
  });
  return { outcome, forwarded: forwarded.join("") };
}

async function* piecesOf(pieces: string[], { failAfter }: { failAfter?: number } = {}) {
  let sent = 0;
  for (const piece of pieces) {
    if (failAfter !== undefined && sent === failAfter)
      throw new AiError("Provider returned error", "upstream");
    sent += 1;
    yield piece;
  }
}

describe("the streamed output checker", () => {
  it("releases a piece that ends with a whole word at once, so the first piece waits for nothing", () => {
    const { released } = run(["In the beginning ", "God created "]);
    expect(released).toEqual(["In the beginning ", "God created "]);
  });

  it("holds back a word still arriving until the next piece shows where it ends", () => {
    const { checker, released } = run(["In the beg", "inning God", " created", " the heavens."]);
    expect(released).toEqual(["In the ", "beginning ", "God ", "created the "]);
    expect(checker.finish({ allowed: true })).toEqual({ rest: "heavens." });
  });

  it("never releases any of a bad word split across pieces, nor anything after it", () => {
    const { checker, released } = run(["Well fu", "ck", " that", " was fun. "]);
    expect(released).toEqual(["Well ", "", null, null]);
    expect(checker.released).toBe("Well ");
    expect(checker.flagged).toBe("language");
    expect(checker.received).toBe("Well fuck that");
    expect(checker.finish({ allowed: true })).toEqual({ withheld: "language" });
  });

  it("does not judge half a word: 'Shit' + 'tim' is the place the spies left", () => {
    const { checker, released } = run(["The spies left Shit", "tim for Jericho. "]);
    expect(released).toEqual(["The spies left ", "Shittim for Jericho. "]);
    expect(checker.flagged).toBeNull();
  });

  it("holds back a run of number words, so no part of a phone number is shown", () => {
    const { checker, released } = run(tokensOf("You can call me on 555 123 4567 after church."));
    expect(released.filter((text) => text !== null).join("")).toBe("You can call me on ");
    expect(checker.flagged).toBe("phone");
  });

  it("holds back spelled-out digits the same way", () => {
    const { checker } = run(tokensOf("ring five five five one two three four today"));
    expect(checker.released).toBe("ring ");
    expect(checker.flagged).toBe("phone");
  });

  it("lets counts, verses and times through once a word follows them", () => {
    const text = "Jesus fed 5,000 people. Read John 3:16 at 10.30 and count 1 2 3 4 5 6 7 8 with me. ";
    const { checker, released } = run(tokensOf(text));
    expect(checker.flagged).toBeNull();
    expect(released.join("")).toBe(text);
    // A comma ends a run, as it does for the phone check; a run of bare numbers waits for the next word.
    expect(released.slice(0, 5)).toEqual(["", "Jesus ", "fed ", "5,000 ", "people. "]);
    const counting = released.slice(released.indexOf("count "));
    expect(counting.slice(0, 10)).toEqual([
      "count ",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "1 2 3 4 5 6 7 8 with ",
    ]);
  });

  it("releases a number at the very end only when the whole text has passed", () => {
    const { checker, released } = run(tokensOf("The disciples were 12"));
    expect(released.join("")).toBe("The disciples were ");
    expect(checker.finish(checkLocally(checker.received))).toEqual({ rest: "12" });
  });

  it("checks the tail of the text, not all of it, before each piece", () => {
    const seen: number[] = [];
    const text = `${"And God saw that it was good. ".repeat(200)}Then he said shit. `;
    const { checker } = run(tokensOf(text), (slice) => {
      seen.push(slice.length);
      return checkLocally(slice);
    });
    expect(checker.flagged).toBe("language");
    expect(checker.released).not.toContain("shit");
    expect(Math.max(...seen)).toBeLessThan(300);
  });

  it("withholds for good: nothing more is released after a flag", () => {
    const { checker } = run(["my snap is samrocks "]);
    expect(checker.flagged).toBe("social");
    expect(checker.push("and more words ")).toBeNull();
    expect(checker.released).toBe("");
  });
});

describe("streamGuarded", () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it("forwards a clean text whole", async () => {
    const text = "David picked five smooth stones. God was with him!";
    const { outcome, forwarded } = await guarded(piecesOf(tokensOf(text)));
    expect(outcome).toEqual({ status: "passed", text });
    expect(forwarded).toBe(text);
  });

  it("stops at a flag and stops reading the upstream", async () => {
    let read = 0;
    async function* counted() {
      for (const piece of ["Hello ", "fu", "ck ", "more ", "words "]) {
        read += 1;
        yield piece;
      }
    }
    const { outcome, forwarded } = await guarded(counted());
    expect(outcome).toEqual({ status: "withheld", text: "Hello fuck ", category: "language" });
    expect(forwarded).toBe("Hello ");
    expect(read).toBe(3);
  });

  it("asks the moderator about the whole text before the last word, which the provider may flag", async () => {
    const moderator = createOpenAiModerator({
      baseUrl: fake.baseUrl,
      apiKey: fake.apiKey,
      local: createLocalModerator(),
    });
    const text = `Some kind words and then ${FAKE_OPENAI_FLAG_WORD}`;
    const { outcome, forwarded } = await guarded(piecesOf(tokensOf(text)), moderator);
    expect(outcome).toEqual({ status: "withheld", text, category: "provider" });
    expect(forwarded).toBe("Some kind words and then ");
    // One call, for the whole text at the end: nothing waits on the network before a piece.
    const asked = fake.requests.filter((request) => request.path === "/v1/moderations");
    expect(asked.map((request) => request.body)).toEqual([{ model: expect.any(String), input: text }]);
  });

  it("answers what was forwarded when the reader leaves, and rethrows an upstream failure otherwise", async () => {
    const controller = new AbortController();
    async function* leaving() {
      yield "Ruth stayed ";
      controller.abort();
      throw new AiError("aborted", "aborted");
    }
    expect((await guarded(leaving(), createLocalModerator(), controller.signal)).outcome).toEqual({
      status: "aborted",
      text: "Ruth stayed ",
    });
    await expect(guarded(piecesOf(["Ruth ", "stayed "], { failAfter: 1 }))).rejects.toThrow(AiError);
  });
});

describe("the offline library through the guardrails", () => {
  it("withholds no story text, in the library's pieces or a model's, nor any image prompt drawn from it", async () => {
    const withheld: string[] = [];
    for (const story of await loadLibrary()) {
      for (const layer of story.layers) {
        for (const [name, pieces] of [
          ["library", splitIntoPieces(layer.text)],
          ["tokens", tokensOf(layer.text)],
        ] as const) {
          const { outcome, forwarded } = await guarded(piecesOf([...pieces]));
          if (outcome.status !== "passed" || forwarded !== layer.text)
            withheld.push(`${story.slug} layer ${layer.layer} (${name}): ${JSON.stringify(outcome)}`);
        }
        for (const style of IMAGE_STYLES) {
          const verdict = checkLocally(buildImagePrompt(style, layer.text));
          if (!verdict.allowed) withheld.push(`${story.slug} layer ${layer.layer} image ${style.id}`);
        }
      }
    }
    expect(withheld).toEqual([]);
  });

  it("cuts an image prompt's scene at a word, so that half a word cannot read as a bad one", () => {
    const text = `${"Daniel prayed. ".repeat(79)}He spent the night with the lions.`;
    const prompt = buildImagePrompt(IMAGE_STYLES[0], text);
    expect(prompt).toContain("Daniel prayed. He spent the\n\n");
    expect(checkLocally(prompt)).toEqual({ allowed: true });
  });

  it("withholds no answer of the offline Q&A helper: the library's, and the question bank's at both ages", async () => {
    const helper = await offlineHelper();
    const questions = [
      "What is the capital of France?",
      ...(await loadLibrary()).flatMap((story) => [
        story.title,
        `Tell me about ${story.title}`,
        story.blurb,
        ...story.layers.map((layer) => layer.prompt),
      ]),
      ...questionBank().map((entry) => entry.question),
    ];
    const answers = new Set(
      questions.flatMap((question) =>
        (["child", "teen"] as const).map((reader) => helper.answer(question, { reader }).text),
      ),
    );
    expect(answers.size).toBeGreaterThan(16 + 2 * 150);
    expect([...answers].some((answer) => answer.startsWith(QNA_FALLBACK_ANSWER))).toBe(true);
    const withheld: string[] = [];
    for (const answer of answers) {
      const { outcome, forwarded } = await guarded(piecesOf(splitIntoPieces(answer)));
      if (outcome.status !== "passed" || forwarded !== answer) withheld.push(answer.slice(0, 200));
    }
    expect(withheld).toEqual([]);
  });
});

describe("the system prompts", () => {
  it("each tell the AI never to ask for or repeat personal information", () => {
    const story = { title: "Creation", scripture: "Genesis 1" };
    const systems = [
      buildStoryMessages({ story, layer: 1, step: 1 }, "Tell the story.")[0],
      buildQnaMessages([], "Who made the world?")[0],
      buildShareDraftMessages({ story, layer: 1, note: "God made me" })[0],
    ];
    for (const system of systems) {
      expect(system?.role).toBe("system");
      expect(system?.content).toContain(NO_PERSONAL_INFORMATION_RULE);
      // Once: the Q&A helper's persona builds on the story persona, which already says it.
      expect(system?.content.split(NO_PERSONAL_INFORMATION_RULE)).toHaveLength(2);
    }
  });
});
