import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MODERATION_MESSAGES, mutedMessage, REPORT_MESSAGES } from "../../../../core/schemas/moderation";
import { renderWithApp } from "../../../test/render";
import { ChatPanel } from "./chat-panel";
import { FRIEND, GROUP_ID, ME, stubApi } from "./feed-test-data";

const messagesPath = `/api/groups/${GROUP_ID}/messages`;

const message = (id: number, sender: typeof ME, body: string) => ({
  id,
  groupId: GROUP_ID,
  body,
  sentAt: "2026-11-21T12:00:00.000Z",
  sender,
});

const renderChat = (extra: Parameters<typeof stubApi>[0] = {}) => {
  const calls = stubApi({
    [`GET ${messagesPath}`]: {
      body: { messages: [message(1, FRIEND, "Hello!"), message(2, ME, "Hi David")], hasMore: false },
    },
    ...extra,
  });
  const { user } = renderWithApp(<ChatPanel groupId={GROUP_ID} currentUserId={ME.id} />);
  return { user, calls };
};

describe("the group chat", () => {
  it("offers 'Report message' on others' messages only, by keyboard too, and reports the message", async () => {
    const { user, calls } = renderChat({
      "POST /api/reports": { status: 201, body: { message: REPORT_MESSAGES.thanks } },
    });
    const log = await screen.findByRole("log", { name: "Chat messages" });
    await within(log).findByText("Hello!");
    const reports = within(log).getAllByRole("button", { name: /Report message/ });
    expect(reports).toHaveLength(1);
    const report = reports[0] as HTMLElement;
    expect(report).toHaveAccessibleName("Report message from david");

    // Tab reaches it from the log itself.
    log.focus();
    await user.tab();
    expect(report).toHaveFocus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Report this message" });
    await user.click(within(dialog).getByRole("radio", { name: "Shares personal information" }));
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await within(dialog).findByText(REPORT_MESSAGES.thanks)).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ targetType: "message", targetId: "1", reason: "personal_info" });
    // The dialog's own X is also called Close; the one under the answer is the last.
    await user.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows a kind refusal or a mute and keeps the message that was written", async () => {
    const until = new Date("2026-11-22T12:00:00.000Z");
    let answer = { status: 422, message: MODERATION_MESSAGES.meetup };
    const { user } = renderChat({
      [`POST ${messagesPath}`]: () => ({
        status: answer.status,
        body: { error: { code: "refused", message: answer.message } },
      }),
    });
    const box = await screen.findByRole("textbox", { name: "Message" });
    await user.type(box, "Meet me at the park");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MODERATION_MESSAGES.meetup);
    expect(box).toHaveValue("Meet me at the park");

    answer = { status: 403, message: mutedMessage(until) };
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("A leader has paused your posting until");
    expect(box).toHaveValue("Meet me at the park");
  });
});
