import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { COMMENT_MAX_LENGTH, FEED_MESSAGES, type FeedComment } from "../../../../core/schemas/feed";
import { NeedsConnection } from "../../../components/needs-connection";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { useKeepInView } from "../../../lib/use-keep-in-view";
import { useOnline } from "../../../lib/use-online";
import { useCreateComment } from "../api/create-comment";
import { MentionTextarea } from "./mention-textarea";

const textareaClass =
  "min-h-16 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-indigo-600";

/**
 * The box that writes a comment on a post (spec's 'Comment' button) or, given `parent`, a reply to one of its
 * comments (spec's Cancel and Reply). Send stays disabled while the text is blank; a refusal keeps the text.
 */
export function CommentForm({
  id,
  groupId,
  postId,
  parent,
  placeholder = FEED_MESSAGES.commentPlaceholder,
  autoFocus = false,
  onCancel,
  onSent,
}: {
  id?: string;
  groupId: string;
  postId: string;
  /** The comment this answers; without one it is a comment on the post itself. */
  parent?: FeedComment;
  placeholder?: string;
  autoFocus?: boolean;
  /** Offers Cancel, and Escape in the box, e.g. to close a reply box. */
  onCancel?: () => void;
  /** Once sent, after the box is cleared. */
  onSent?: () => void;
}) {
  const create = useCreateComment(groupId, postId);
  const [text, setText] = useState("");
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useKeepInView(formRef);
  const inputId = useId();
  const label = parent ? `Write a reply to ${parent.author.username ?? "this comment"}` : "Write a comment";

  // A reply box opens where the reader asked for it: the cursor goes there.
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const online = useOnline();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || create.isPending || !navigator.onLine) return;
    create.mutate(parent ? { content, parentCommentId: parent.id } : { content }, {
      onSuccess: () => {
        setText("");
        onSent?.();
      },
    });
  };

  return (
    <form ref={formRef} id={id} onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <MentionTextarea
        ref={inputRef}
        id={inputId}
        groupId={groupId}
        value={text}
        rows={2}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={placeholder}
        onValueChange={setText}
        onKeyDown={(event) => {
          if (event.key === "Escape") onCancel?.();
        }}
        className={textareaClass}
      />
      <ErrorBox>{create.error?.message}</ErrorBox>
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
        )}
        <Button
          type="submit"
          disabled={!text.trim() || create.isPending || !online}
          aria-describedby={online ? undefined : `${id ?? "comment"}-offline`}
        >
          {create.isPending ? "Sending..." : parent ? "Reply" : "Comment"}
        </Button>
      </div>
      {!online && <NeedsConnection id={`${id ?? "comment"}-offline`} />}
    </form>
  );
}
