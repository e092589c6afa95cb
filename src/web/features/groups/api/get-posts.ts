import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import { FEED_LATEST_COMMENTS, type FeedComment, type FeedPost } from "../../../../core/schemas/feed";
import { api, unwrap } from "../../../lib/api-client";

export type PostPage = { posts: FeedPost[]; nextCursor: string | null };

export const postsQuery = (groupId: string) =>
  infiniteQueryOptions({
    queryKey: ["group", groupId, "posts"],
    queryFn: ({ pageParam }): Promise<PostPage> =>
      unwrap(
        api.groups[":groupId"].posts.$get({
          param: { groupId },
          query: pageParam ? { cursor: pageParam } : {},
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function usePosts(groupId: string) {
  return useInfiniteQuery(postsQuery(groupId));
}

type PostsData = InfiniteData<PostPage, unknown>;

function updatePostsData(queryClient: QueryClient, groupId: string, update: (data: PostsData) => PostsData) {
  queryClient.setQueryData(postsQuery(groupId).queryKey, (data: PostsData | undefined) =>
    data ? update(data) : data,
  );
}

/** Adds a new post to the top of the feed, below the pinned ones, once (it may come back live too). */
export function addPost(queryClient: QueryClient, groupId: string, post: FeedPost) {
  updatePostsData(queryClient, groupId, (data) => {
    if (data.pages.some((page) => page.posts.some((existing) => existing.id === post.id))) return data;
    const [first, ...rest] = data.pages;
    if (!first) return data;
    const firstUnpinned = first.posts.findIndex((existing) => !existing.isPinned);
    const at = post.isPinned ? 0 : firstUnpinned === -1 ? first.posts.length : firstUnpinned;
    const posts = [...first.posts.slice(0, at), post, ...first.posts.slice(at)];
    return { ...data, pages: [{ ...first, posts }, ...rest] };
  });
}

/**
 * Adds the reader's own new post from its POST answer. The live post_created may have come first, carrying
 * what other members see (no address for media waiting for a leader): the author's answer says what they see
 * of their own media, and the live counts stay.
 */
export function addOwnPost(queryClient: QueryClient, groupId: string, post: FeedPost) {
  addPost(queryClient, groupId, post);
  updatePost(queryClient, groupId, post.id, (shown) => ({
    ...shown,
    mediaUrl: post.mediaUrl,
    mediaType: post.mediaType,
    mediaPending: post.mediaPending,
  }));
}

/** Changes one post wherever it is in the loaded pages. */
export function updatePost(
  queryClient: QueryClient,
  groupId: string,
  postId: string,
  update: (post: FeedPost) => FeedPost,
) {
  updatePostsData(queryClient, groupId, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      posts: page.posts.map((post) => (post.id === postId ? update(post) : post)),
    })),
  }));
}

/**
 * Shows a new top-level comment among its post's latest on the card, once (our own POST's answer and the live
 * event may both bring it): the newest FEED_LATEST_COMMENTS, oldest first. Replies stay in the full thread.
 */
export function addLatestComment(queryClient: QueryClient, groupId: string, comment: FeedComment) {
  if (comment.parentCommentId) return;
  updatePost(queryClient, groupId, comment.postId, (post) =>
    post.latestComments.some((shown) => shown.id === comment.id)
      ? post
      : { ...post, latestComments: [...post.latestComments, comment].slice(-FEED_LATEST_COMMENTS) },
  );
}

export function removePost(queryClient: QueryClient, groupId: string, postId: string) {
  updatePostsData(queryClient, groupId, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({ ...page, posts: page.posts.filter((post) => post.id !== postId) })),
  }));
}
