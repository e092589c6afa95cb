import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { GUARDRAIL_MESSAGES } from "../../../../core/schemas/moderation";
import { QNA_MESSAGES } from "../../../../core/schemas/qna";
import { renderWithApp } from "../../../test/render";
import QnaPage from "./qna-page";
import { controlledStream, makeConversation, type QnaServer, serverLists, stubApi } from "./qna-test-data";

// Issue 6: an answer moderation stops mid-stream. What was shown of it goes, the kind message the server saved
// takes its place, and a screen reader hears it.

const QUESTION = "Why did David fight Goliath?";
const conversation = makeConversation({ title: QUESTION, messageCount: 2 });

function renderPage() {
  const server: QnaServer = { folders: [], conversations: [] };
  const streams: ReturnType<typeof controlledStream>[] = [];
  stubApi({
    ...serverLists(server),
    "POST /api/qna/ask": (_call, signal) => {
      const stream = controlledStream(signal);
      streams.push(stream);
      return stream.response;
    },
  });
  return { ...renderWithApp(<QnaPage />, { path: "/qna" }), streams };
}

const messages = () => screen.getByRole("region", { name: "Messages" });
const questionBox = () => screen.getByRole("textbox", { name: "Your question" });

describe("a withheld answer in the Q&A chat", () => {
  it("replaces what was shown with the kind message, and announces it", async () => {
    const { user, streams } = renderPage();
    await user.type(questionBox(), `${QUESTION}{Enter}`);
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0];
    if (!stream) throw new Error("no question was asked");
    stream.send({ type: "started", conversation, userMessageId: 1, aiMessageId: 2 });
    stream.send({ type: "delta", text: "David was brave. You can call me on " });
    expect(await within(messages()).findByText("David was brave. You can call me on")).toBeInTheDocument();

    stream.send({ type: "withheld", message: GUARDRAIL_MESSAGES.answer });
    stream.end();
    const kind = await within(messages()).findByText(GUARDRAIL_MESSAGES.answer);
    expect(kind).toBeInTheDocument();
    expect(within(messages()).queryByText(/call me on/)).not.toBeInTheDocument();
    // Not a failure: the kind message is the helper's answer, in its ordinary bubble.
    expect(within(messages()).queryByText(QNA_MESSAGES.chatFailed)).not.toBeInTheDocument();
    expect(kind.closest("div.bg-red-50")).toBeNull();
    const status = screen
      .getAllByRole("status")
      .find((element) => element.textContent === GUARDRAIL_MESSAGES.answer);
    expect(status).toBeDefined();
    expect(screen.queryByText("The AI Helper has answered.")).not.toBeInTheDocument();

    // The conversation goes on: the box is empty (the question is not handed back) and the next one can be sent.
    expect(questionBox()).toHaveValue("");
    await user.type(questionBox(), "Who was Saul?");
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Send" })).toBeEnabled());
  });

  it("shows the kind message even when nothing of the answer had been shown yet", async () => {
    const { user, streams } = renderPage();
    await screen.findByText("No conversations yet. Ask your first question!");
    await user.type(questionBox(), `${QUESTION}{Enter}`);
    expect(within(messages()).getByText(QNA_MESSAGES.thinking)).toBeInTheDocument();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]?.send({ type: "started", conversation, userMessageId: 1, aiMessageId: 2 });
    streams[0]?.send({ type: "withheld", message: GUARDRAIL_MESSAGES.answer });
    streams[0]?.end();
    expect(await within(messages()).findByText(GUARDRAIL_MESSAGES.answer)).toBeInTheDocument();
    expect(within(messages()).queryByText(QNA_MESSAGES.thinking)).not.toBeInTheDocument();
  });
});
