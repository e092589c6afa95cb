import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { FeedComment, ReactionSummary } from "../../../../core/schemas/feed";
import { api, unwrap } from "../../../lib/api-client";
import { updatePost } from "./get-posts";

type CommentsData = { comments: FeedComment[] };

export const commentsQuery = (groupId: string, postId: string) =>
  queryOptions({
    queryKey: ["group", groupId, "comments", postId],
    queryFn: async (): Promise<CommentsData> => {
      const data = await unwrap(
        api.groups[":groupId"].posts[":postId"].comments.$get({ param: { groupId, postId } }),
      );
      // The client's JSON types cannot follow the recursion of `replies`; the route sends FeedComment trees.
      return data as CommentsData;
    },
  });

export function useComments(groupId: string, postId: string) {
  return useQuery(commentsQuery(groupId, postId));
}

function mapTree(comments: FeedComment[], update: (comment: FeedComment) => FeedComment): FeedComment[] {
  return comments.map((comment) => {
    const replies = comment.replies.length > 0 ? mapTree(comment.replies, update) : comment.replies;
    return update(replies === comment.replies ? comment : { ...comment, replies });
  });
}

function containsComment(comments: FeedComment[], commentId: string): boolean {
  return comments.some((comment) => comment.id === commentId || containsComment(comment.replies, commentId));
}

/** Puts a new comment at the end of its level (oldest first), under its parent, once. */
export function addComment(queryClient: QueryClient, groupId: string, comment: FeedComment) {
  queryClient.setQueryData(commentsQuery(groupId, comment.postId).queryKey, (data) => {
    if (!data || containsComment(data.comments, comment.id)) return data;
    if (!comment.parentCommentId) return { comments: [...data.comments, comment] };
    return {
      comments: mapTree(data.comments, (existing) =>
        existing.id === comment.parentCommentId
          ? { ...existing, replies: [...existing.replies, comment] }
          : existing,
      ),
    };
  });
}

export function updateCommentReactions(
  queryClient: QueryClient,
  groupId: string,
  postId: string,
  commentId: string,
  summary: ReactionSummary,
) {
  queryClient.setQueryData(commentsQuery(groupId, postId).queryKey, (data) =>
    data
      ? {
          comments: mapTree(data.comments, (comment) =>
            comment.id === commentId ? { ...comment, ...summary } : comment,
          ),
        }
      : data,
  );
}

// The comments each query client has counted: a comment reaches us both as the answer to our own POST
// and as a live event, in either order, and must raise the post's count once.
const countedComments = new WeakMap<QueryClient, Set<string>>();

/**
 * Raises the post's comment count for a comment that has just been written, once per comment; or sets it,
 * when the server said what it now is.
 */
export function countNewComment(
  queryClient: QueryClient,
  groupId: string,
  postId: string,
  commentId: string | undefined,
  knownCount?: number,
) {
  let counted = countedComments.get(queryClient);
  if (!counted) {
    counted = new Set();
    countedComments.set(queryClient, counted);
  }
  const seen = commentId !== undefined && counted.has(commentId);
  if (commentId !== undefined) counted.add(commentId);
  if (knownCount !== undefined) {
    updatePost(queryClient, groupId, postId, (post) => ({ ...post, commentsCount: knownCount }));
  } else if (!seen) {
    updatePost(queryClient, groupId, postId, (post) => ({ ...post, commentsCount: post.commentsCount + 1 }));
  }
}
