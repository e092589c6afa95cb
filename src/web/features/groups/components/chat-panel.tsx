import { Flag, Send } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { MESSAGE_MAX_LENGTH } from "../../../../core/schemas/groups";
import { Lumi } from "../../../components/lumi";
import { NeedsConnection } from "../../../components/needs-connection";
import { Avatar } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { LoadMoreButton } from "../../../components/ui/load-more-button";
import { LoadingText } from "../../../components/ui/spinner";
import { useKeepInView } from "../../../lib/use-keep-in-view";
import { useOnline } from "../../../lib/use-online";
import { ReportDialog } from "../../moderation";
import { useMessages } from "../api/get-messages";
import { useSendMessage } from "../api/send-message";

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * The group's live chat: oldest first, earlier history on request, new messages from others arriving
 * through the realtime stream (see group-chat-page.tsx). The log is a `role="log"`, which screen readers
 * announce politely as messages are added.
 */
export function ChatPanel({ groupId, currentUserId }: { groupId: string; currentUserId: string }) {
  const messages = useMessages(groupId);
  const send = useSendMessage(groupId);
  const [draft, setDraft] = useState("");
  // One report dialog for the whole log: the message being reported, if any.
  const [reporting, setReporting] = useState<string | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const composerRef = useRef<HTMLFormElement>(null);
  useKeepInView(composerRef);
  const inputId = useId();
  const list = messages.data ? [...messages.data.pages].reverse().flatMap((page) => page.messages) : [];
  const newestId = list.at(-1)?.id;

  // Follow the conversation while the reader is at the bottom; leave them be while they read back.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && stickToBottom.current && newestId !== undefined) log.scrollTop = log.scrollHeight;
  }, [newestId]);

  const online = useOnline();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = draft.trim();
    if (!body || send.isPending || !navigator.onLine) return;
    stickToBottom.current = true;
    send.mutate(body, { onSuccess: () => setDraft("") });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <section
      aria-labelledby="chat-heading"
      className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <h2 id="chat-heading" className="border-b border-slate-200 px-4 py-3 text-lg font-bold text-slate-900">
        Group Chat
      </h2>
      <div
        ref={logRef}
        role="log"
        aria-label="Chat messages"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log must be reachable by keyboard to scroll it (WCAG 2.1.1)
        tabIndex={0}
        onScroll={(event) => {
          const log = event.currentTarget;
          stickToBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
        }}
        className="flex h-[28rem] flex-col gap-3 overflow-y-auto px-4 py-3"
      >
        {messages.hasNextPage && (
          <LoadMoreButton
            loading={messages.isFetchingNextPage}
            onLoad={() => {
              stickToBottom.current = false;
              void messages.fetchNextPage();
            }}
          >
            Load earlier messages
          </LoadMoreButton>
        )}
        {messages.isPending ? (
          <LoadingText>Loading messages...</LoadingText>
        ) : messages.isError ? (
          <p className="text-slate-700">We couldn't load the messages. Please try again later.</p>
        ) : list.length === 0 ? (
          <div className="m-auto flex flex-col items-center gap-2 text-center">
            <Lumi mood="happy" size={72} />
            <p className="text-slate-700">No messages yet. Say hello to your group!</p>
          </div>
        ) : (
          list.map((message) => {
            const mine = message.sender.id === currentUserId;
            return (
              <article key={message.id} className={`group flex gap-2 ${mine ? "flex-row-reverse" : ""}`}>
                <Avatar
                  url={message.sender.avatarUrl}
                  name={message.sender.username}
                  className="size-8 text-sm"
                />
                <div className={`flex max-w-[80%] flex-col ${mine ? "items-end" : "items-start"}`}>
                  <div className="flex items-center gap-1">
                    <p className="text-xs text-slate-700">
                      <span className="font-semibold text-slate-900">
                        {message.sender.username ?? "Someone"}
                      </span>{" "}
                      <time dateTime={message.sentAt}>{timeFormat.format(new Date(message.sentAt))}</time>
                    </p>
                    {!mine && (
                      <button
                        type="button"
                        aria-label={`Report message from ${message.sender.username ?? "someone"}`}
                        title="Report message"
                        onClick={() => setReporting(String(message.id))}
                        // Out of the way until wanted; always shown where there is no hover (touch screens).
                        className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:opacity-100 group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:hover)]:opacity-0"
                      >
                        <Flag aria-hidden="true" className="size-4" />
                      </button>
                    )}
                  </div>
                  <p
                    className={`whitespace-pre-wrap break-words rounded-2xl px-3 py-2 ${
                      mine ? "bg-indigo-700 text-white" : "bg-slate-100 text-slate-900"
                    }`}
                  >
                    {message.body}
                  </p>
                </div>
              </article>
            );
          })
        )}
      </div>
      <form ref={composerRef} onSubmit={submit} className="flex flex-col gap-2 border-t border-slate-200 p-3">
        <ErrorBox>{send.error?.message}</ErrorBox>
        <div className="flex items-end gap-2">
          <label htmlFor={inputId} className="sr-only">
            Message
          </label>
          <textarea
            id={inputId}
            value={draft}
            rows={2}
            maxLength={MESSAGE_MAX_LENGTH}
            placeholder="Write a message..."
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            className="min-h-12 flex-1 resize-y rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600"
          />
          <Button
            type="submit"
            disabled={!draft.trim() || send.isPending || !online}
            aria-describedby={online ? undefined : "chat-offline"}
          >
            <Send aria-hidden="true" className="size-4" />
            {send.isPending ? "Sending..." : "Send"}
          </Button>
        </div>
        {!online && <NeedsConnection id="chat-offline" />}
      </form>
      <ReportDialog
        targetType="message"
        targetId={reporting ?? ""}
        open={reporting !== null}
        onOpenChange={(open) => {
          if (!open) setReporting(null);
        }}
      />
    </section>
  );
}
