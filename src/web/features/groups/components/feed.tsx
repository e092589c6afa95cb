import { Plus } from "lucide-react";
import { useState } from "react";
import { FEED_MESSAGES, type FeedPost } from "../../../../core/schemas/feed";
import { Lumi } from "../../../components/lumi";
import { Button } from "../../../components/ui/button";
import { LoadMoreButton } from "../../../components/ui/load-more-button";
import { LoadingText } from "../../../components/ui/spinner";
import { usePosts } from "../api/get-posts";
import { NewPostDialog } from "./new-post-dialog";
import { PostCard } from "./post-card";

/** The group's feed: pinned posts first, then the newest, a page at a time; new ones arrive live. */
export function Feed({
  groupId,
  currentUserId,
  canPin = false,
}: {
  groupId: string;
  currentUserId: string;
  /** The group's leader sees Pin/Unpin in each post's menu. */
  canPin?: boolean;
}) {
  const posts = usePosts(groupId);
  const [newPostOpen, setNewPostOpen] = useState(false);
  // The spec shows the 'Admin Delete' panel for one post at a time: opening another closes the first.
  const [adminDeletePostId, setAdminDeletePostId] = useState<string | null>(null);

  // A post that moved between pages while they loaded is shown once.
  const seen = new Set<string>();
  const list: FeedPost[] = [];
  for (const post of posts.data?.pages.flatMap((page) => page.posts) ?? []) {
    if (seen.has(post.id)) continue;
    seen.add(post.id);
    list.push(post);
  }

  return (
    <section aria-labelledby="feed-heading" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="feed-heading" className="text-xl font-bold text-slate-900">
          Posts
        </h2>
        <Button onClick={() => setNewPostOpen(true)}>
          <Plus aria-hidden="true" className="size-4" />
          New Post
        </Button>
      </div>
      {posts.isPending ? (
        <LoadingText>Loading posts...</LoadingText>
      ) : posts.isError ? (
        <p className="text-slate-700">We couldn't load the posts. Please try again later.</p>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <Lumi mood="cheering" />
          <h3 className="text-lg font-bold text-slate-900">{FEED_MESSAGES.emptyFeedTitle}</h3>
          <p className="text-slate-700">{FEED_MESSAGES.emptyFeedText}</p>
        </div>
      ) : (
        <ul aria-label="Posts" className="flex flex-col gap-4">
          {list.map((post) => (
            <li key={post.id}>
              <PostCard
                post={post}
                currentUserId={currentUserId}
                canPin={canPin}
                adminDeleteOpen={adminDeletePostId === post.id}
                onAdminDeleteOpenChange={(open) => setAdminDeletePostId(open ? post.id : null)}
              />
            </li>
          ))}
        </ul>
      )}
      {posts.hasNextPage && (
        <LoadMoreButton loading={posts.isFetchingNextPage} onLoad={() => void posts.fetchNextPage()}>
          Show more posts
        </LoadMoreButton>
      )}
      <NewPostDialog groupId={groupId} open={newPostOpen} onOpenChange={setNewPostOpen} />
    </section>
  );
}
