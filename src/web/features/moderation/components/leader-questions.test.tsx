import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  LEADER_QUESTION_MESSAGES,
  LEADER_REPLY_MAX_LENGTH,
  type LeaderQuestion,
  type QuestionBankDraft,
} from "../../../../core/schemas/leader-questions";
import { renderWithApp } from "../../../test/render";
// The Q&A's API stand-in: it hands each answer the query string, which tells the waiting list from the answered.
import { stubApi } from "../../qna/components/qna-test-data";
import { LeaderQuestions, REPLY_COUNTER_FROM } from "./leader-questions";

function makeQuestion(overrides: Partial<LeaderQuestion> = {}): LeaderQuestion {
  return {
    id: "question-1",
    question: "Why did Cain kill Abel?",
    helperAnswer: "That's a wonderful question! Let me think about that and get back to you.",
    child: { id: "user-child", username: "little_sam" },
    status: "waiting",
    createdAt: "2026-11-21T12:00:00.000Z",
    reply: null,
    answeredAt: null,
    answeredBy: null,
    drafted: false,
    ...overrides,
  };
}

const answered = (overrides: Partial<LeaderQuestion> = {}) =>
  makeQuestion({
    status: "answered",
    reply: "Cain let his anger rule him.\nGod had warned him.",
    answeredAt: "2026-11-22T12:00:00.000Z",
    answeredBy: { id: "user-leader", username: "pastor_ann" },
    ...overrides,
  });

const draft: QuestionBankDraft = {
  id: "draft-1",
  question: "Who was Samson?",
  answer: "A judge of Israel, strong because God was with him.",
  createdAt: "2026-11-20T12:00:00.000Z",
  createdBy: { id: "user-leader", username: "pastor_ann" },
};

/** The leader routes over lists the test may change as the server would. */
function stubQuestions(server: {
  waiting: LeaderQuestion[];
  answered: LeaderQuestion[];
  drafts?: QuestionBankDraft[];
}) {
  return {
    "GET /api/leader/questions": ({ search }: { search: URLSearchParams }) => ({
      body: {
        questions: search.get("status") === "answered" ? server.answered : server.waiting,
        nextCursor: null,
      },
    }),
    "GET /api/leader/question-drafts": () => ({ body: { drafts: server.drafts ?? [], nextCursor: null } }),
  };
}

describe("the leader's Questions tab", () => {
  it("lists waiting questions with the child, when, the question and, closed, the helper's answer", async () => {
    const calls = stubApi(
      stubQuestions({
        waiting: [makeQuestion({ question: "<b>Is</b> Jesus God?\nReally?" })],
        answered: [],
      }),
    );
    renderWithApp(<LeaderQuestions />);
    expect(await screen.findByText("Loading questions...")).toBeInTheDocument();
    const card = await screen.findByRole("article", { name: "Question from little_sam" });
    expect(calls.find((call) => call.pathname === "/api/leader/questions")?.search.get("status")).toBe(
      "waiting",
    );
    // The child is named once, in the heading.
    expect(within(card).getByText(/little_sam/)).toHaveRole("heading");
    const asked = within(card).getByText(/Jesus God\?/);
    expect(asked.textContent).toBe("<b>Is</b> Jesus God?\nReally?");
    expect(card.querySelector("b")).toBeNull();
    expect(within(card).getByText(/2026/).closest("time")).toHaveAttribute(
      "datetime",
      "2026-11-21T12:00:00.000Z",
    );
    const helper = within(card).getByText("What the helper answered").closest("details");
    expect(helper).not.toHaveAttribute("open");
    expect(within(helper as HTMLElement).getByText(/Let me think about that/)).toBeInTheDocument();

    const reply = within(card).getByRole("textbox", { name: "Your reply" });
    expect(reply).toHaveAttribute("maxlength", String(LEADER_REPLY_MAX_LENGTH));
    expect(reply).toHaveAccessibleDescription(
      "Your reply reaches the child as 'A leader'; your name is not shown.",
    );
    expect(within(card).getByRole("button", { name: "Send reply" })).toBeDisabled();
  });

  it("says so when no question is waiting", async () => {
    stubApi(stubQuestions({ waiting: [], answered: [] }));
    renderWithApp(<LeaderQuestions />);
    expect(
      await screen.findByText("No questions waiting. Thank you for answering them!"),
    ).toBeInTheDocument();
  });

  it("sends a reply, takes the question off the list and moves the focus to the next one", async () => {
    const server = {
      waiting: [makeQuestion(), makeQuestion({ id: "question-2", child: { id: "u2", username: "ruth_r" } })],
      answered: [] as LeaderQuestion[],
    };
    const calls = stubApi({
      ...stubQuestions(server),
      "POST /api/leader/questions/question-1/reply": ({ body }) => {
        const [first, ...rest] = server.waiting;
        server.waiting = rest;
        const done = answered({ ...first, reply: (body as { reply: string }).reply });
        server.answered = [done];
        return { body: { question: done } };
      },
    });
    const { user } = renderWithApp(<LeaderQuestions />);
    const card = await screen.findByRole("article", { name: "Question from little_sam" });
    await user.type(
      within(card).getByRole("textbox", { name: "Your reply" }),
      "  Cain let anger rule him.  ",
    );
    await user.click(within(card).getByRole("button", { name: "Send reply" }));

    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Question from little_sam" })).not.toBeInTheDocument(),
    );
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      expect.objectContaining({
        pathname: "/api/leader/questions/question-1/reply",
        body: { reply: "Cain let anger rule him." },
      }),
    ]);
    await waitFor(() => expect(screen.getByRole("article", { name: "Question from ruth_r" })).toHaveFocus());
  });

  it("counts the reply's characters near the limit", async () => {
    stubApi(stubQuestions({ waiting: [makeQuestion()], answered: [] }));
    const { user } = renderWithApp(<LeaderQuestions />);
    const reply = await screen.findByRole("textbox", { name: "Your reply" });
    await user.type(reply, "Hello");
    expect(screen.queryByText(/characters$/)).not.toBeInTheDocument();
    await user.click(reply);
    await user.paste("a".repeat(REPLY_COUNTER_FROM));
    expect(
      screen.getByText(`${REPLY_COUNTER_FROM + 5} / ${LEADER_REPLY_MAX_LENGTH} characters`),
    ).toBeInTheDocument();
  });

  it("shows the server's reason when another leader answered first, keeping the reply", async () => {
    stubApi({
      ...stubQuestions({ waiting: [makeQuestion()], answered: [] }),
      "POST /api/leader/questions/question-1/reply": {
        status: 409,
        body: { error: { code: "already_answered", message: LEADER_QUESTION_MESSAGES.alreadyAnswered } },
      },
    });
    const { user } = renderWithApp(<LeaderQuestions />);
    const card = await screen.findByRole("article", { name: "Question from little_sam" });
    await user.type(within(card).getByRole("textbox", { name: "Your reply" }), "Cain was angry.");
    await user.click(within(card).getByRole("button", { name: "Send reply" }));
    expect(await within(card).findByRole("alert")).toHaveTextContent(
      LEADER_QUESTION_MESSAGES.alreadyAnswered,
    );
    expect(within(card).getByRole("textbox", { name: "Your reply" })).toHaveValue("Cain was angry.");
    await waitFor(() => expect(within(card).getByRole("button", { name: "Send reply" })).toHaveFocus());
  });

  it("lists answered questions and adds a reply to the question bank as a draft", async () => {
    const server = {
      waiting: [] as LeaderQuestion[],
      answered: [answered(), answered({ id: "question-2", question: "Who was Samson?", drafted: true })],
      drafts: [draft],
    };
    const calls = stubApi({
      ...stubQuestions(server),
      "POST /api/leader/questions/question-1/draft": () => {
        server.answered = server.answered.map((question) =>
          question.id === "question-1" ? { ...question, drafted: true } : question,
        );
        const added: QuestionBankDraft = {
          ...draft,
          id: "draft-2",
          question: "Why did Cain kill Abel?",
          answer: "Cain let his anger rule him.\nGod had warned him.",
        };
        server.drafts = [added, ...server.drafts];
        return { status: 201, body: { draft: added } };
      },
    });
    const { user } = renderWithApp(<LeaderQuestions />);
    await screen.findByText("No questions waiting. Thank you for answering them!");
    expect(screen.getByRole("radio", { name: "Waiting" })).toBeChecked();
    await user.click(screen.getByRole("radio", { name: "Answered" }));
    expect(screen.getByRole("radio", { name: "Answered" })).toBeChecked();
    expect(screen.queryByText("No questions waiting. Thank you for answering them!")).not.toBeInTheDocument();

    const list = await screen.findByRole("list", { name: "Answered questions" });
    const [cain, samson] = within(list).getAllByRole("article") as [HTMLElement, HTMLElement];
    expect(within(cain).getByText("Why did Cain kill Abel?")).toBeInTheDocument();
    expect(within(cain).getByText(/Cain let his anger rule him\./).textContent).toBe(
      "Cain let his anger rule him.\nGod had warned him.",
    );
    expect(within(cain).getByText("pastor_ann")).toBeInTheDocument();
    expect(cain.querySelector("time")).toHaveAttribute("dateTime", "2026-11-22T12:00:00.000Z");
    // Drafted already: nothing more to add.
    expect(within(samson).getByRole("button", { name: "Add to the question bank" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(within(samson).getByText(LEADER_QUESTION_MESSAGES.draftSaved)).toBeInTheDocument();

    const drafts = await screen.findByRole("list", { name: "Drafts for the question bank" });
    expect(
      screen.getByText(
        "The ministry reviews each draft before it is added to the question bank the helper answers from.",
      ),
    ).toBeInTheDocument();
    expect(within(drafts).getAllByRole("listitem")).toHaveLength(1);
    expect(
      within(drafts).getByText("A judge of Israel, strong because God was with him."),
    ).toBeInTheDocument();

    const add = within(cain).getByRole("button", { name: "Add to the question bank" });
    expect(add).not.toHaveAttribute("aria-disabled");
    await user.click(add);
    expect(await within(cain).findByText(LEADER_QUESTION_MESSAGES.draftSaved)).toBeInTheDocument();
    expect(add).toHaveAttribute("aria-disabled", "true");
    expect(calls.filter((call) => call.method === "POST").map((call) => call.pathname)).toEqual([
      "/api/leader/questions/question-1/draft",
    ]);
    await waitFor(() => expect(within(drafts).getAllByRole("listitem")).toHaveLength(2));
  });

  it("shows the server's reason when the answer is already a draft", async () => {
    stubApi({
      ...stubQuestions({ waiting: [], answered: [answered()] }),
      "POST /api/leader/questions/question-1/draft": {
        status: 409,
        body: { error: { code: "draft_exists", message: LEADER_QUESTION_MESSAGES.draftExists } },
      },
    });
    const { user } = renderWithApp(<LeaderQuestions />);
    await user.click(screen.getByRole("radio", { name: "Answered" }));
    const card = await screen.findByRole("article", { name: "Question from little_sam" });
    await user.click(within(card).getByRole("button", { name: "Add to the question bank" }));
    expect(await within(card).findByRole("alert")).toHaveTextContent(LEADER_QUESTION_MESSAGES.draftExists);
  });
});
