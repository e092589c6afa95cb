import { MessageCircle, MoreHorizontal, Pin, Trash2 } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useId, useState } from "react";
import type { FeedPost } from "../../../../core/schemas/feed";
import { Avatar } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { useDeletePost } from "../api/delete-post";
import { useReactToPost } from "../api/react-to-post";
import { CommentThread } from "./comment-thread";
import { dateFormat, ReactionButtons } from "./reaction-buttons";

/** One post in a group's feed, as the spec's "Post card" describes it. */
export function PostCard({ post, currentUserId }: { post: FeedPost; currentUserId: string }) {
  const react = useReactToPost(post.groupId, post.id);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const commentsId = useId();
  const titleId = useId();
  const username = post.author.username ?? "Someone";
  const mine = post.author.id === currentUserId;

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {post.isPinned && (
        <p className="flex items-center gap-2 bg-amber-100 px-4 py-2 text-sm font-semibold text-amber-900">
          <Pin aria-hidden="true" className="size-4" />
          Pinned Post
        </p>
      )}
      <div className={`flex flex-col gap-3 px-4 pb-4 ${post.isPinned ? "" : "pt-4"}`}>
        <header className="flex items-center gap-3">
          <Avatar url={post.author.avatarUrl} name={post.author.username} />
          <div className="flex min-w-0 flex-1 flex-col">
            <span className="truncate font-semibold text-slate-900">{username}</span>
            <time dateTime={post.createdAt} className="text-xs text-slate-700">
              {dateFormat.format(new Date(post.createdAt))}
            </time>
          </div>
          {mine && <PostMenu post={post} />}
        </header>
        <h3 id={titleId} className="text-lg font-bold break-words text-slate-900">
          {post.title}
        </h3>
        <p className="whitespace-pre-wrap break-words text-slate-800">{post.content}</p>
        {post.mediaUrl && post.mediaType === "image" && (
          <img
            src={post.mediaUrl}
            alt={`Shared by ${username}`}
            className="max-h-96 w-full rounded-lg bg-slate-100 object-contain"
          />
        )}
        {post.mediaUrl && post.mediaType === "video" && (
          // biome-ignore lint/a11y/useMediaCaption: members share their own clips; there are no caption files to offer
          <video
            src={post.mediaUrl}
            controls
            preload="metadata"
            aria-label={`Video shared by ${username}`}
            className="max-h-96 w-full rounded-lg bg-slate-900"
          />
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ReactionButtons summary={post} disabled={react.isPending} onReact={(type) => react.mutate(type)} />
          <button
            type="button"
            aria-expanded={commentsOpen}
            aria-controls={commentsOpen ? commentsId : undefined}
            onClick={() => setCommentsOpen((open) => !open)}
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold text-slate-700 hover:bg-slate-100"
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            {`Comments (${post.commentsCount})`}
          </button>
        </div>
        <ErrorBox>{react.error?.message}</ErrorBox>
        {commentsOpen && (
          <section
            id={commentsId}
            aria-label={`Comments on ${post.title}`}
            className="border-t border-slate-200 pt-3"
          >
            <CommentThread groupId={post.groupId} postId={post.id} />
          </section>
        )}
      </div>
    </article>
  );
}

/** The author's menu: Delete, after a confirmation. */
function PostMenu({ post }: { post: FeedPost }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePost(post.groupId);

  const close = (open: boolean) => {
    if (remove.isPending) return;
    if (!open) remove.reset();
    setConfirming(open);
  };

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label="Post options"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        >
          <MoreHorizontal aria-hidden="true" className="size-5" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-30 min-w-36 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Item
              onSelect={() => setConfirming(true)}
              className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-red-800 outline-none data-[highlighted]:bg-red-50"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Dialog
        open={confirming}
        onOpenChange={close}
        title="Delete this post?"
        description={`"${post.title}" and its comments will be gone for everyone in the group.`}
      >
        <div className="flex flex-col gap-4">
          <ErrorBox>{remove.error?.message}</ErrorBox>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => close(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate(post.id, { onSuccess: () => setConfirming(false) })}
            >
              {remove.isPending ? "Deleting..." : "Delete"}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
