import { ChevronDown } from "lucide-react";
import { useState } from "react";
import type { FeedComment, FeedPost } from "../../../../core/schemas/feed";
import { Avatar } from "../../../components/ui/avatar";
import { CommentForm } from "./comment-form";
import { CommentBubble, CommentList } from "./comment-thread";

/**
 * The comments part of a post card (spec's post card): the post's latest comments and the comment box, there
 * without a click; 'View all N comments' opens the whole thread, with its replies, in their place.
 */
export function PostComments({
  id,
  post,
  currentUserId,
  threadOpen,
  onThreadOpenChange,
}: {
  id: string;
  post: FeedPost;
  currentUserId: string;
  threadOpen: boolean;
  onThreadOpenChange: (open: boolean) => void;
}) {
  const moreThanShown = post.commentsCount > post.latestComments.length;
  // Reply on a latest comment opens the thread with that comment's reply box, where the reply will show.
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  // However the thread closed (here or with the card's 'Comments (N)'), it opens next time without a reply box.
  if (!threadOpen && replyingTo !== null) setReplyingTo(null);

  return (
    <section
      id={id}
      aria-label={`Comments on ${post.title}`}
      className="flex flex-col gap-3 border-t border-slate-200 pt-3"
    >
      {moreThanShown && (
        <button
          type="button"
          aria-expanded={threadOpen}
          aria-controls={id}
          onClick={() => onThreadOpenChange(!threadOpen)}
          className="inline-flex items-center gap-1 self-start rounded-md px-2 py-0.5 text-sm font-semibold text-indigo-800 hover:bg-indigo-50"
        >
          {viewAllLabel(post.commentsCount)}
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform ${threadOpen ? "rotate-180" : ""}`}
          />
        </button>
      )}
      {/* One list at a time: the whole thread holds the latest comments too. */}
      {threadOpen ? (
        <CommentList
          groupId={post.groupId}
          postId={post.id}
          currentUserId={currentUserId}
          initialReplyingTo={replyingTo}
        />
      ) : (
        <LatestComments
          comments={post.latestComments}
          onReply={(commentId) => {
            setReplyingTo(commentId);
            onThreadOpenChange(true);
          }}
        />
      )}
      <CommentForm groupId={post.groupId} postId={post.id} />
    </section>
  );
}

const viewAllLabel = (count: number) => `View all ${count} ${count === 1 ? "comment" : "comments"}`;

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
