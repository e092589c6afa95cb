import { act, screen, waitFor, within } from "@testing-library/react";
import { useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { LEADER_QUESTION_MESSAGES } from "../../../../core/schemas/leader-questions";
import type { ConversationMessage } from "../../../../core/schemas/qna";
import { QNA_FALLBACK_ANSWER } from "../../../../core/schemas/qna";
import { realtimeHub } from "../../../lib/realtime";
import { renderWithApp } from "../../../test/render";
import QnaPage from "./qna-page";
import {
  type AnswerFn,
  CONVERSATION_ID,
  controlledStream,
  makeConversation,
  makeMessage,
  type QnaServer,
  serverLists,
  stubApi,
} from "./qna-test-data";

// Issue 22, 'Ask a leader': the child sends a question the helper answered (or could not) to the leaders, and a
// leader's reply arrives in the conversation as 'A leader'.

const QUESTION = "Why did Cain kill Abel?";
const ANSWER = "Cain was angry and jealous of his brother.";
const FALLBACK = `${QNA_FALLBACK_ANSWER} The stories I know don't answer that one yet.`;
const conversation = makeConversation({ title: QUESTION });
const askLeaderPath = `/api/qna/conversations/${CONVERSATION_ID}/ask-leader`;
const messagesPath = `/api/qna/conversations/${CONVERSATION_ID}/messages`;

const confirmation = makeMessage({ id: 3, type: "ai", content: LEADER_QUESTION_MESSAGES.confirmation });

/** Where the router is, shown so that a test can read `?c=`. */
function Location() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** The Q&A screen at `path` over a server holding `conversation` with `messages`, plus any other answers. */
function renderPage({
  path = `/qna?c=${CONVERSATION_ID}`,
  messages = () => [],
  conversations = [conversation],
  extra = {},
}: {
  path?: string;
  messages?: () => ConversationMessage[];
  conversations?: ReturnType<typeof makeConversation>[];
  extra?: Record<string, AnswerFn | { status?: number; body?: unknown }>;
} = {}) {
  const server: QnaServer = { folders: [], conversations };
  const calls = stubApi({
    ...serverLists(server),
    [`GET ${messagesPath}`]: () => ({ body: { messages: messages() } }),
    ...extra,
  });
  const rendered = renderWithApp(
    <>
      <QnaPage />
      <Location />
    </>,
    { path },
  );
  return { ...rendered, calls };
}

const messageRegion = () => screen.getByRole("region", { name: "Messages" });
const location = () => screen.getByTestId("location").textContent;

describe("'Ask a leader' on the Q&A screen", () => {
  it("shows a leader's reply from 'A leader', as plain text with its line breaks", async () => {
    renderPage({
      messages: () => [
        makeMessage({ id: 1, content: QUESTION }),
        makeMessage({ id: 2, type: "ai", content: ANSWER, askedLeader: true }),
        confirmation,
        makeMessage({ id: 4, type: "leader", content: "God made Cain and Abel.\n**Both** mattered to Him." }),
      ],
    });
    const reply = await within(messageRegion()).findByText(/God made Cain and Abel\./);
    expect(reply.textContent).toBe("God made Cain and Abel.\n**Both** mattered to Him.");
    expect(reply).toHaveClass("whitespace-pre-wrap");
    expect(messageRegion().querySelector("strong")).toBeNull();
    const bubble = reply.parentElement as HTMLElement;
    // Signed 'A leader' and nothing else: no name, no helper label.
    expect(bubble.textContent).toBe(`A leader: ${reply.textContent}`);
    expect(within(bubble).getByText(LEADER_QUESTION_MESSAGES.leaderName)).toBeVisible();
    // A leader's reply, the confirmation and an answer already sent offer no new 'Ask a leader'.
    expect(within(messageRegion()).getAllByRole("button")).toHaveLength(1);
    expect(within(messageRegion()).getByRole("button", { name: "Sent to a leader" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("sends the answer's id, adds the confirmation and shows the sent state", async () => {
    let saved = [
      makeMessage({ id: 1, content: QUESTION }),
      makeMessage({ id: 2, type: "ai", content: ANSWER }),
    ];
    const { user, calls } = renderPage({
      messages: () => saved,
      extra: {
        [`POST ${askLeaderPath}`]: () => {
          saved = [...saved.map((message) => ({ ...message, askedLeader: message.id === 2 })), confirmation];
          return { status: 201, body: { message: confirmation } };
        },
      },
    });
    const button = await within(messageRegion()).findByRole("button", { name: "Ask a leader" });
    // An ordinary answer: a small, secondary offer without the fallback's line.
    expect(button).not.toHaveClass("bg-indigo-700");
    expect(screen.queryByText(/Want a real person to answer\?/)).not.toBeInTheDocument();

    await user.click(button);
    expect(
      await within(messageRegion()).findByText(LEADER_QUESTION_MESSAGES.confirmation),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      expect.objectContaining({ pathname: askLeaderPath, body: { answerId: 2 } }),
    ]);
    const sent = within(messageRegion()).getByRole("button", { name: "Sent to a leader" });
    // Said once, on the button: nothing else in the conversation repeats it.
    expect(within(messageRegion()).getByText(/sent to a leader/i)).toBe(sent);
    expect(sent).toHaveAttribute("aria-disabled", "true");
    // The focus stays where it was rather than falling back to the page.
    await waitFor(() => expect(sent).toHaveFocus());
    await user.click(sent);
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
    // The confirmation itself offers nothing.
    expect(within(messageRegion()).getAllByRole("button")).toHaveLength(1);
  });

  it("makes the offer prominent when the helper had no good answer", async () => {
    renderPage({
      messages: () => [
        makeMessage({ id: 1, content: QUESTION }),
        makeMessage({ id: 2, type: "ai", content: FALLBACK }),
      ],
    });
    const button = await within(messageRegion()).findByRole("button", { name: "Ask a leader" });
    expect(button).toHaveClass("bg-indigo-700");
    expect(
      within(messageRegion()).getByText("Want a real person to answer? A leader from your ministry can."),
    ).toBeInTheDocument();
  });

  it("shows the server's reason beside the button when the question cannot go", async () => {
    const { user } = renderPage({
      messages: () => [
        makeMessage({ id: 1, content: QUESTION }),
        makeMessage({ id: 2, type: "ai", content: FALLBACK }),
      ],
      extra: {
        [`POST ${askLeaderPath}`]: {
          status: 429,
          body: { error: { code: "too_many_waiting", message: LEADER_QUESTION_MESSAGES.tooManyWaiting } },
        },
      },
    });
    await user.click(await within(messageRegion()).findByRole("button", { name: "Ask a leader" }));
    expect(await within(messageRegion()).findByRole("alert")).toHaveTextContent(
      LEADER_QUESTION_MESSAGES.tooManyWaiting,
    );
    expect(within(messageRegion()).getByRole("button", { name: "Ask a leader" })).not.toHaveAttribute(
      "aria-disabled",
    );
    expect(
      within(messageRegion()).queryByText(LEADER_QUESTION_MESSAGES.confirmation),
    ).not.toBeInTheDocument();
  });

  it("offers a streamed answer once it is done, with the id the server gave it", async () => {
    const streams: ReturnType<typeof controlledStream>[] = [];
    const { user, calls } = renderPage({
      path: "/qna",
      conversations: [],
      extra: {
        "POST /api/qna/ask": (_call, signal) => {
          const stream = controlledStream(signal);
          streams.push(stream);
          return stream.response;
        },
        [`POST ${askLeaderPath}`]: { status: 201, body: { message: confirmation } },
      },
    });
    await user.type(screen.getByRole("textbox", { name: "Your question" }), `${QUESTION}{Enter}`);
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0];
    if (!stream) throw new Error("no question was asked");
    stream.send({ type: "started", conversation, userMessageId: 7, aiMessageId: 8 });
    stream.send({ type: "delta", text: "Cain was angry" });
    expect(await within(messageRegion()).findByText("Cain was angry")).toBeInTheDocument();
    // Not while the answer is still being written.
    expect(within(messageRegion()).queryByRole("button")).not.toBeInTheDocument();
    // The new conversation is named in the address.
    await vi.waitFor(() => expect(location()).toBe(`/qna?c=${CONVERSATION_ID}`));

    stream.send({ type: "done", content: ANSWER });
    stream.end();
    await user.click(await within(messageRegion()).findByRole("button", { name: "Ask a leader" }));
    expect(
      await within(messageRegion()).findByRole("button", { name: "Sent to a leader" }),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.pathname === askLeaderPath)?.body).toEqual({ answerId: 8 });
  });

  it("offers nothing under a failed answer", async () => {
    renderPage({
      messages: () => [
        makeMessage({ id: 1, content: QUESTION }),
        makeMessage({ id: 2, type: "ai", content: "I'm having trouble connecting.", status: "failed" }),
      ],
    });
    expect(await within(messageRegion()).findByText("I'm having trouble connecting.")).toBeInTheDocument();
    expect(within(messageRegion()).queryByRole("button")).not.toBeInTheDocument();
  });

  it("opens the conversation named by ?c=, and keeps ?c= in step with the one chosen", async () => {
    const other = makeConversation({ id: "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d", title: "Who was Ruth?" });
    const { user, calls } = renderPage({
      conversations: [conversation, other],
      messages: () => [
        makeMessage({ id: 1, content: QUESTION }),
        makeMessage({ id: 2, type: "ai", content: ANSWER }),
      ],
      extra: { [`GET /api/qna/conversations/${other.id}/messages`]: { body: { messages: [] } } },
    });
    expect(await within(messageRegion()).findByText(ANSWER)).toBeInTheDocument();
    // The title comes from the conversations list once it has loaded.
    expect(await screen.findByRole("heading", { level: 2, name: QUESTION })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: QUESTION })).toHaveAttribute("aria-current", "page");
    expect(calls.some((call) => call.pathname === messagesPath)).toBe(true);

    await user.click(screen.getByRole("button", { name: "Who was Ruth?" }));
    expect(screen.getByRole("heading", { level: 2, name: "Who was Ruth?" })).toBeInTheDocument();
    await vi.waitFor(() => expect(location()).toBe(`/qna?c=${other.id}`));

    await user.click(screen.getByRole("button", { name: "New conversation" }));
    expect(screen.getByRole("heading", { level: 2, name: "New conversation" })).toBeInTheDocument();
    await vi.waitFor(() => expect(location()).toBe("/qna"));
  });

  it("shows a neutral title until the conversations list names the conversation", async () => {
    let listConversations = () => {};
    const listed = new Promise<void>((resolve) => {
      listConversations = resolve;
    });
    const server: QnaServer = { folders: [], conversations: [conversation] };
    const lists = serverLists(server);
    renderPage({
      extra: {
        "GET /api/qna/conversations": async (call, signal) => {
          await listed;
          return (lists["GET /api/qna/conversations"] as AnswerFn)(call, signal);
        },
      },
    });
    expect(screen.getByRole("heading", { level: 2, name: "Conversation" })).toBeInTheDocument();
    listConversations();
    expect(await screen.findByRole("heading", { level: 2, name: QUESTION })).toBeInTheDocument();
  });

  it("shows a leader's reply that arrives live, without a reload", async () => {
    let saved = [
      makeMessage({ id: 1, content: QUESTION }),
      makeMessage({ id: 2, type: "ai", content: FALLBACK, askedLeader: true }),
      confirmation,
    ];
    renderPage({ messages: () => saved });
    expect(
      await within(messageRegion()).findByText(LEADER_QUESTION_MESSAGES.confirmation),
    ).toBeInTheDocument();
    expect(within(messageRegion()).getByRole("button", { name: "Sent to a leader" })).toBeInTheDocument();

    saved = [...saved, makeMessage({ id: 4, type: "leader", content: "Cain let his anger rule him." })];
    const notification = {
      id: "notification-1",
      type: "leader_answer",
      message: LEADER_QUESTION_MESSAGES.notifyChild,
      read: false,
      createdAt: "2026-11-21T12:05:00.000Z",
      groupId: null,
      entityId: CONVERSATION_ID,
      sender: null,
    };
    act(() =>
      realtimeHub.dispatch({
        id: 1,
        topic: "user:me",
        type: "notification",
        data: notification,
        createdAt: notification.createdAt,
      }),
    );
    expect(await within(messageRegion()).findByText("Cain let his anger rule him.")).toBeInTheDocument();
    expect(within(messageRegion()).getByText(LEADER_QUESTION_MESSAGES.leaderName)).toBeInTheDocument();
  });
});
