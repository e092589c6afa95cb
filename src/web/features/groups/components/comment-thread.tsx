import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { COMMENT_MAX_LENGTH, FEED_MESSAGES, type FeedComment } from "../../../../core/schemas/feed";
import { Avatar } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { LoadingText } from "../../../components/ui/spinner";
import { ReportDialog } from "../../moderation/components/report-dialog";
import { useCreateComment } from "../api/create-comment";
import { useComments } from "../api/get-comments";
import { useReactToComment } from "../api/react-to-comment";
import { MentionTextarea } from "./mention-textarea";
import { dateFormat, ReactionButtons } from "./reaction-buttons";

/** Replies nest to any depth; past this depth they stop moving right, so deep threads stay readable. */
export const MAX_INDENT_DEPTH = 4;

const textareaClass =
  "min-h-16 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-indigo-600";

type ThreadProps = {
  groupId: string;
  postId: string;
  currentUserId: string;
  replyingTo: string | null;
  onReplyingToChange: (commentId: string | null) => void;
};

/**
 * A post's comments, oldest first, with replies nested under their parent. Only one reply box is open
 * across the whole post (spec §4): Reply on another comment moves it, Reply again closes it.
 */
export function CommentThread({
  groupId,
  postId,
  currentUserId,
}: {
  groupId: string;
  postId: string;
  currentUserId: string;
}) {
  const comments = useComments(groupId, postId);
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const thread: ThreadProps = {
    groupId,
    postId,
    currentUserId,
    replyingTo,
    onReplyingToChange: setReplyingTo,
  };

  return (
    <div className="flex flex-col gap-3">
      {comments.isPending ? (
        <LoadingText className="text-sm text-slate-700">Loading comments...</LoadingText>
      ) : comments.isError ? (
        <p className="text-sm text-slate-700">We couldn't load the comments. Please try again later.</p>
      ) : comments.data.comments.length > 0 ? (
        <ul aria-label="Comments" className="flex flex-col gap-3">
          {comments.data.comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} depth={0} {...thread} />
          ))}
        </ul>
      ) : null}
      <NewCommentForm groupId={groupId} postId={postId} />
    </div>
  );
}

function CommentItem({ comment, depth, ...thread }: ThreadProps & { comment: FeedComment; depth: number }) {
  const { groupId, postId, currentUserId, replyingTo, onReplyingToChange } = thread;
  const react = useReactToComment(groupId, postId);
  const [reporting, setReporting] = useState(false);
  const username = comment.author.username ?? "Someone";
  const mine = comment.author.id === currentUserId;
  const replying = replyingTo === comment.id;
  const replyBoxId = useId();
  const replyButtonRef = useRef<HTMLButtonElement>(null);
  const closeReply = () => {
    onReplyingToChange(null);
    replyButtonRef.current?.focus();
  };

  return (
    <li data-depth={depth} className="flex flex-col gap-2">
      <article aria-label={`Comment by ${username}`} className="flex gap-2">
        <Avatar url={comment.author.avatarUrl} name={comment.author.username} className="size-8 text-sm" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="rounded-2xl bg-slate-100 px-3 py-2">
            <p className="text-xs text-slate-700">
              <span className="font-semibold text-slate-900">{username}</span>{" "}
              <time dateTime={comment.createdAt}>{dateFormat.format(new Date(comment.createdAt))}</time>
            </p>
            <p className="whitespace-pre-wrap break-words text-slate-900">{comment.content}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <ReactionButtons
              small
              summary={comment}
              disabled={react.isPending}
              onReact={(type) => react.mutate({ commentId: comment.id, type })}
            />
            <button
              ref={replyButtonRef}
              type="button"
              aria-label={`Reply to ${username}`}
              aria-expanded={replying}
              aria-controls={replying ? replyBoxId : undefined}
              onClick={() => onReplyingToChange(replying ? null : comment.id)}
              className="rounded-md px-2 py-0.5 text-xs font-semibold text-indigo-800 hover:bg-indigo-50"
            >
              Reply
            </button>
            {!mine && (
              <button
                type="button"
                aria-label={`Report comment by ${username}`}
                onClick={() => setReporting(true)}
                className="rounded-md px-2 py-0.5 text-xs font-semibold text-slate-700 hover:bg-slate-100"
              >
                Report
              </button>
            )}
          </div>
          {react.error && <ErrorBox>{react.error.message}</ErrorBox>}
          {replying && (
            <ReplyForm
              id={replyBoxId}
              groupId={groupId}
              postId={postId}
              parent={comment}
              onDone={closeReply}
            />
          )}
          {!mine && (
            <ReportDialog
              targetType="comment"
              targetId={comment.id}
              open={reporting}
              onOpenChange={setReporting}
            />
          )}
        </div>
      </article>
      {comment.replies.length > 0 && (
        <ul
          aria-label={`Replies to ${username}`}
          className={`flex flex-col gap-3 ${depth < MAX_INDENT_DEPTH ? "ml-4 border-l-2 border-slate-200 pl-3 sm:ml-6" : ""}`}
        >
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} depth={depth + 1} {...thread} />
          ))}
        </ul>
      )}
    </li>
  );
}

function NewCommentForm({ groupId, postId }: { groupId: string; postId: string }) {
  const create = useCreateComment(groupId, postId);
  const [text, setText] = useState("");
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || create.isPending) return;
    create.mutate({ content }, { onSuccess: () => setText("") });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={inputId} className="sr-only">
        Write a comment
      </label>
      <MentionTextarea
        id={inputId}
        groupId={groupId}
        value={text}
        rows={2}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={FEED_MESSAGES.commentPlaceholder}
        onValueChange={setText}
        className={textareaClass}
      />
      <ErrorBox>{create.error?.message}</ErrorBox>
      <Button type="submit" className="self-end" disabled={!text.trim() || create.isPending}>
        {create.isPending ? "Sending..." : "Comment"}
      </Button>
    </form>
  );
}

function ReplyForm({
  id,
  groupId,
  postId,
  parent,
  onDone,
}: {
  id: string;
  groupId: string;
  postId: string;
  parent: FeedComment;
  onDone: () => void;
}) {
  const create = useCreateComment(groupId, postId);
  const [text, setText] = useState("");
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();

  // The box opens where the reader asked for it: put the cursor there.
  useEffect(() => inputRef.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || create.isPending) return;
    create.mutate(
      { content, parentCommentId: parent.id },
      {
        onSuccess: () => {
          setText("");
          onDone();
        },
      },
    );
  };

  return (
    <form id={id} onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={inputId} className="sr-only">
        {`Write a reply to ${parent.author.username ?? "this comment"}`}
      </label>
      <MentionTextarea
        ref={inputRef}
        id={inputId}
        groupId={groupId}
        value={text}
        rows={2}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={FEED_MESSAGES.replyPlaceholder}
        onValueChange={setText}
        onKeyDown={(event) => {
          if (event.key === "Escape") onDone();
        }}
        className={textareaClass}
      />
      <ErrorBox>{create.error?.message}</ErrorBox>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!text.trim() || create.isPending}>
          {create.isPending ? "Sending..." : "Reply"}
        </Button>
      </div>
    </form>
  );
}
