import { useId, useRef, useState } from "react";
import { FEED_MESSAGES, type FeedComment } from "../../../../core/schemas/feed";
import { Avatar } from "../../../components/ui/avatar";
import { ErrorBox } from "../../../components/ui/error-box";
import { LoadingText } from "../../../components/ui/spinner";
import { ReportDialog } from "../../moderation";
import { useComments } from "../api/get-comments";
import { useReactToComment } from "../api/react-to-comment";
import { CommentForm } from "./comment-form";
import { dateFormat, ReactionButtons } from "./reaction-buttons";

/** Replies nest to any depth; past this depth they stop moving right, so deep threads stay readable. */
export const MAX_INDENT_DEPTH = 4;

type PostRef = { groupId: string; postId: string; currentUserId: string };

type ThreadProps = PostRef & {
  replyingTo: string | null;
  onReplyingToChange: (commentId: string | null) => void;
};

/**
 * A post's comments, oldest first, with replies nested under their parent. Only one reply box is open
 * across the whole post (spec §4): Reply on another comment moves it, Reply again closes it.
 */
export function CommentList({
  groupId,
  postId,
  currentUserId,
  initialReplyingTo = null,
}: PostRef & {
  /** The comment whose reply box is open as the thread opens (Reply on a post card's latest comment). */
  initialReplyingTo?: string | null;
}) {
  const comments = useComments(groupId, postId);
  const [replyingTo, setReplyingTo] = useState(initialReplyingTo);
  const thread: ThreadProps = {
    groupId,
    postId,
    currentUserId,
    replyingTo,
    onReplyingToChange: setReplyingTo,
  };

  if (comments.isPending)
    return <LoadingText className="text-sm text-slate-700">Loading comments...</LoadingText>;
  if (comments.isError)
    return <p className="text-sm text-slate-700">We couldn't load the comments. Please try again later.</p>;
  if (comments.data.comments.length === 0) return null;
  return (
    <ul aria-label="Comments" className="flex flex-col gap-3">
      {comments.data.comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} depth={0} {...thread} />
      ))}
    </ul>
  );
}

/** A comment's author, date and words, as the thread and a post card's latest comments show them. */
export function CommentBubble({ comment }: { comment: FeedComment }) {
  return (
    <div className="rounded-2xl bg-slate-100 px-3 py-2">
      <p className="text-xs text-slate-700">
        <span className="font-semibold text-slate-900">{comment.author.username ?? "Someone"}</span>{" "}
        <time dateTime={comment.createdAt}>{dateFormat.format(new Date(comment.createdAt))}</time>
      </p>
      <p className="whitespace-pre-wrap break-words text-slate-900">{comment.content}</p>
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
          <CommentBubble comment={comment} />
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
            <CommentForm
              id={replyBoxId}
              groupId={groupId}
              postId={postId}
              parent={comment}
              placeholder={FEED_MESSAGES.replyPlaceholder}
              autoFocus
              onCancel={closeReply}
              onSent={closeReply}
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
