import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { QNA_MESSAGES, QUESTION_MAX_LENGTH } from "../../../../core/schemas/qna";
import { renderWithApp } from "../../../test/render";
import QnaPage from "./qna-page";
import {
  type ApiCall,
  CONVERSATION_ID,
  controlledStream,
  makeConversation,
  makeMessage,
  type QnaServer,
  serverLists,
  stubApi,
} from "./qna-test-data";

const QUESTION = "Why did David fight Goliath?";
const conversation = makeConversation({ title: QUESTION, messageCount: 2 });

/** The Q&A screen over a server with no folders and the given conversations, and /ask answered by `ask`. */
function renderPage({
  conversations = [],
  ask,
  extra = () => ({}),
}: {
  conversations?: ReturnType<typeof makeConversation>[];
  ask?: (call: ApiCall, signal: AbortSignal | undefined) => Response | Promise<Response>;
  extra?: (server: QnaServer) => Parameters<typeof stubApi>[0];
} = {}) {
  const server: QnaServer = { folders: [], conversations: conversations.map((entry) => ({ ...entry })) };
  const calls = stubApi({
    ...serverLists(server),
    ...(ask ? { "POST /api/qna/ask": ask } : {}),
    ...extra(server),
  });
  return { ...renderWithApp(<QnaPage />, { path: "/qna" }), calls };
}

/** /ask answered by a stream the test writes; `streams` fills as questions are asked. */
function streamingAsk() {
  const streams: ReturnType<typeof controlledStream>[] = [];
  const ask = (_call: ApiCall, signal: AbortSignal | undefined) => {
    const stream = controlledStream(signal);
    streams.push(stream);
    return stream.response;
  };
  return { streams, ask };
}

const messages = () => screen.getByRole("region", { name: "Messages" });
const questionBox = () => screen.getByRole("textbox", { name: "Your question" });

describe("the Q&A screen", () => {
  it("welcomes a new conversation under the spec's header", async () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: QNA_MESSAGES.header })).toBeInTheDocument();
    expect(within(messages()).getByText(QNA_MESSAGES.welcome)).toBeInTheDocument();
    expect(await screen.findByText("No conversations yet. Ask your first question!")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
  });

  it("shows the question and 'AI Helper is thinking...' at once, then streams the answer in", async () => {
    const { streams, ask } = streamingAsk();
    const { user, calls } = renderPage({ ask });
    await screen.findByText("No conversations yet. Ask your first question!");

    await user.type(questionBox(), `  ${QUESTION} {Enter}`);
    expect(within(messages()).getByText(QUESTION)).toBeInTheDocument();
    expect(within(messages()).getByText(QNA_MESSAGES.thinking)).toBeInTheDocument();
    expect(questionBox()).toHaveValue("");
    await user.type(questionBox(), "And then?");
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    await user.keyboard("{Enter}");
    expect(calls.filter((call) => call.pathname === "/api/qna/ask")).toHaveLength(1);
    expect(calls.find((call) => call.pathname === "/api/qna/ask")?.body).toEqual({ question: QUESTION });

    const stream = streams[0];
    if (!stream) throw new Error("no question was asked");
    stream.send({ type: "started", conversation, userMessageId: 1, aiMessageId: 2 });
    // The first question's conversation is at the top of the sidebar, and open.
    const item = await screen.findByRole("button", { name: QUESTION });
    expect(item).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("heading", { level: 2, name: QUESTION })).toBeInTheDocument();

    stream.send({ type: "delta", text: "David trusted God" });
    expect(await within(messages()).findByText("David trusted God")).toBeInTheDocument();
    expect(within(messages()).queryByText(QNA_MESSAGES.thinking)).not.toBeInTheDocument();
    // Pieces are not announced; the end is.
    expect(screen.queryByText("The AI Helper has answered.")).not.toBeInTheDocument();
    stream.send({ type: "delta", text: " with all his heart." });
    expect(await within(messages()).findByText("David trusted God with all his heart.")).toBeInTheDocument();

    const answer =
      "David trusted God with all his heart.\n\nRead the whole story: /stories/david-and-goliath";
    stream.send({ type: "done", content: answer });
    stream.end();
    const link = await within(messages()).findByRole("link", { name: "Read the whole story" });
    expect(link).toHaveAttribute("href", "/stories/david-and-goliath");
    expect(screen.getByText("The AI Helper has answered.")).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Send" })).toBeEnabled());

    // The next question goes to the same conversation.
    await user.click(screen.getByRole("button", { name: "Send" }));
    await vi.waitFor(() => expect(streams).toHaveLength(2));
    expect(calls.filter((call) => call.pathname === "/api/qna/ask").at(-1)?.body).toEqual({
      question: "And then?",
      conversationId: CONVERSATION_ID,
    });
    expect(within(messages()).getByText("David trusted God with all his heart.")).toBeInTheDocument();
    expect(within(messages()).getByText("And then?")).toBeInTheDocument();
  });

  it("shows the spec's failure text when the answer fails", async () => {
    const { streams, ask } = streamingAsk();
    const { user } = renderPage({ ask });
    await user.type(questionBox(), `${QUESTION}{Enter}`);
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]?.send({ type: "started", conversation, userMessageId: 1, aiMessageId: 2 });
    streams[0]?.send({ type: "delta", text: "David" });
    streams[0]?.send({ type: "error", message: QNA_MESSAGES.chatFailed });
    streams[0]?.end();
    expect(await within(messages()).findByText(QNA_MESSAGES.chatFailed)).toBeInTheDocument();
    expect(within(messages()).queryByText("David")).not.toBeInTheDocument();
    expect(screen.getByText("The AI Helper could not answer.")).toBeInTheDocument();
  });

  it("shows the failure text when the connection fails before the answer starts", async () => {
    const { user } = renderPage({
      ask: () => {
        throw new TypeError("Failed to fetch");
      },
    });
    await user.type(questionBox(), `${QUESTION}{Enter}`);
    expect(await within(messages()).findByText(QNA_MESSAGES.chatFailed)).toBeInTheDocument();
    expect(within(messages()).getByText(QUESTION)).toBeInTheDocument();
  });

  it("shows the failure text when the stream breaks mid-answer", async () => {
    const { streams, ask } = streamingAsk();
    const { user } = renderPage({ ask });
    await user.type(questionBox(), `${QUESTION}{Enter}`);
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]?.send({ type: "started", conversation, userMessageId: 1, aiMessageId: 2 });
    streams[0]?.send({ type: "delta", text: "David" });
    expect(await within(messages()).findByText("David")).toBeInTheDocument();
    streams[0]?.fail();
    expect(await within(messages()).findByText(QNA_MESSAGES.chatFailed)).toBeInTheDocument();
    await user.type(questionBox(), "Again?");
    expect(screen.getByRole("button", { name: "Send" })).toBeEnabled();
  });

  it("says so when an answer is still being written, and gives the question back", async () => {
    const { user } = renderPage({
      ask: () =>
        Response.json(
          { error: { code: "still_answering", message: QNA_MESSAGES.stillAnswering } },
          { status: 409 },
        ),
    });
    await user.type(questionBox(), `${QUESTION}{Enter}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(QNA_MESSAGES.stillAnswering);
    expect(questionBox()).toHaveValue(QUESTION);
    expect(within(messages()).queryByText(QNA_MESSAGES.thinking)).not.toBeInTheDocument();
  });

  it("keeps Shift+Enter for new lines, and counts near the limit", async () => {
    const { user, calls } = renderPage();
    await user.type(questionBox(), "   {Enter}");
    expect(calls.some((call) => call.pathname === "/api/qna/ask")).toBe(false);
    await user.clear(questionBox());
    await user.type(questionBox(), "Who{Shift>}{Enter}{/Shift}was Ruth?");
    expect(questionBox()).toHaveValue("Who\nwas Ruth?");
    expect(questionBox()).toHaveAttribute("maxlength", String(QUESTION_MAX_LENGTH));
    expect(screen.queryByText(/characters$/)).not.toBeInTheDocument();
    await user.click(questionBox());
    await user.paste("a".repeat(QUESTION_MAX_LENGTH - 100));
    expect(
      screen.getByText(`${QUESTION_MAX_LENGTH - 100 + 13} / ${QUESTION_MAX_LENGTH} characters`),
    ).toBeInTheDocument();
  });

  it("opens a conversation oldest first, and switching away cancels its answer", async () => {
    const other = makeConversation({ id: "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d", title: "Who was Ruth?" });
    let signal: AbortSignal | undefined;
    const { streams, ask } = streamingAsk();
    let loadMessages = () => {};
    const loaded = new Promise<void>((resolve) => {
      loadMessages = resolve;
    });
    const { user } = renderPage({
      conversations: [conversation, other],
      ask: (call, requestSignal) => {
        signal = requestSignal;
        return ask(call, requestSignal);
      },
      extra: () => ({
        [`GET /api/qna/conversations/${CONVERSATION_ID}/messages`]: async () => {
          await loaded;
          return {
            body: {
              messages: [
                makeMessage({ id: 1, type: "user", content: QUESTION }),
                makeMessage({ id: 2, type: "ai", content: "Because he trusted God." }),
              ],
            },
          };
        },
        [`GET /api/qna/conversations/${other.id}/messages`]: { body: { messages: [] } },
      }),
    });
    await user.click(await screen.findByRole("button", { name: QUESTION }));
    expect(screen.getByText("Loading messages...")).toBeInTheDocument();
    loadMessages();
    const answer = await within(messages()).findByText("Because he trusted God.");
    const question = within(messages()).getByText(QUESTION);
    expect(question.compareDocumentPosition(answer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.type(questionBox(), "And then?{Enter}");
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: "Who was Ruth?" }));
    expect(signal?.aborted).toBe(true);
    expect(screen.getByRole("heading", { level: 2, name: "Who was Ruth?" })).toBeInTheDocument();
    expect(within(messages()).queryByText("And then?")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "New conversation" }));
    expect(questionBox()).toHaveFocus();
    expect(screen.getByRole("heading", { level: 2, name: "New conversation" })).toBeInTheDocument();
  });

  it("follows a rename of the open conversation, and starts afresh when it is deleted", async () => {
    const { user } = renderPage({
      conversations: [conversation],
      extra: (server) => ({
        [`GET /api/qna/conversations/${CONVERSATION_ID}/messages`]: { body: { messages: [] } },
        [`PATCH /api/qna/conversations/${CONVERSATION_ID}`]: ({ body }) => {
          Object.assign(server.conversations[0] as object, body);
          return { body: server.conversations[0] };
        },
        [`DELETE /api/qna/conversations/${CONVERSATION_ID}`]: () => {
          server.conversations = [];
          return { status: 204 };
        },
      }),
    });
    await user.click(await screen.findByRole("button", { name: QUESTION }));
    expect(screen.getByRole("heading", { level: 2, name: QUESTION })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: `Options for ${QUESTION}` }));
    await user.click(await screen.findByRole("menuitem", { name: "Rename" }));
    await user.clear(await screen.findByRole("textbox", { name: "Conversation title" }));
    await user.type(screen.getByRole("textbox", { name: "Conversation title" }), "David's courage{Enter}");
    expect(await screen.findByRole("heading", { level: 2, name: "David's courage" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Options for David's courage" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete conversation?" })).getByRole("button", {
        name: "Delete",
      }),
    );
    expect(await screen.findByRole("heading", { level: 2, name: "New conversation" })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "New conversation" })).toHaveFocus());
    expect(await screen.findByText("No conversations yet. Ask your first question!")).toBeInTheDocument();
  });
});
