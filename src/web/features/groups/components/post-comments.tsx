import type { FeedComment, FeedPost } from "../../../../core/schemas/feed";
import { Avatar } from "../../../components/ui/avatar";
import { CommentForm } from "./comment-form";
import { CommentBubble, CommentList } from "./comment-thread";

/**
 * The whole thread is open: by the card's 'View all N comments' (or 'Comments (N)' when the card shows them all), or by Reply on one of the latest comments, whose reply
 * box it then opens on (the reply shows in the thread).
 */
export type OpenThread = { replyingTo: string | null };

/**
 * The comments part of a post card (spec's post card): the post's latest comments and the comment box, there
 * without a click; the card's 'View all N comments' opens the whole thread, with its replies, in their place.
 */
export function PostComments({
  id,
  post,
  currentUserId,
  thread,
  onReply,
}: {
  id: string;
  post: FeedPost;
  currentUserId: string;
  /** Null while the card shows only the latest comments. */
  thread: OpenThread | null;
  /** Reply on a latest comment: open the thread on that comment's reply box. */
  onReply: (commentId: string) => void;
}) {
  return (
    <section
      id={id}
      aria-label={`Comments on ${post.title}`}
      className="flex flex-col gap-3 border-t border-slate-200 pt-3"
    >
      {/* One list at a time: the whole thread holds the latest comments too. */}
      {thread ? (
        <CommentList
          groupId={post.groupId}
          postId={post.id}
          currentUserId={currentUserId}
          initialReplyingTo={thread.replyingTo}
        />
      ) : (
        <LatestComments comments={post.latestComments} onReply={onReply} />
      )}
      <CommentForm groupId={post.groupId} postId={post.id} />
    </section>
  );
}

/** The newest top-level comments, oldest first. Reacting and reporting happen in the whole thread. */
function LatestComments({
  comments,
  onReply,
}: {
  comments: FeedComment[];
  onReply: (commentId: string) => void;
}) {
  if (comments.length === 0) return null;
  return (
    <ul aria-label="Latest comments" className="flex flex-col gap-3">
      {comments.map((comment) => {
        const username = comment.author.username ?? "Someone";
        return (
          <li key={comment.id}>
            <article aria-label={`Comment by ${username}`} className="flex gap-2">
              <Avatar
                url={comment.author.avatarUrl}
                name={comment.author.username}
                className="size-8 text-sm"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <CommentBubble comment={comment} />
                <button
                  type="button"
                  aria-label={`Reply to ${username}`}
                  onClick={() => onReply(comment.id)}
                  className="self-start rounded-md px-2 py-0.5 text-xs font-semibold text-indigo-800 hover:bg-indigo-50"
                >
                  Reply
                </button>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
