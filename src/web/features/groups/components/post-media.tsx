import { Hourglass, ImageOff } from "lucide-react";
import { posterUrlFor } from "../../../../core/media";
import type { FeedPost } from "../../../../core/schemas/feed";
import { MEDIA_MESSAGES } from "../../../../core/schemas/moderation";

/**
 * A post's photo or video. Media waiting for a leader's approval reaches this reader with its address only
 * when they may see it (its author, a leader); the author is told that no one else can yet, and everyone
 * else gets a quiet box saying something is on its way, so the post does not read as if it were missing.
 */
export function PostMedia({ post, mine, username }: { post: FeedPost; mine: boolean; username: string }) {
  if (!post.mediaType) return null;
  if (!post.mediaUrl) {
    if (!post.mediaPending) return null;
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-sm text-slate-700">
        <ImageOff aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
        {MEDIA_MESSAGES.pendingForOthers}
      </p>
    );
  }
  return (
    <figure className="flex flex-col gap-1">
      {post.mediaType === "image" ? (
        <img
          src={post.mediaUrl}
          alt={`Shared by ${username}`}
          className="max-h-96 w-full rounded-lg bg-slate-100 object-contain"
        />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: members share their own clips; there are no caption files to offer
        <video
          src={post.mediaUrl}
          poster={posterUrlFor(post.mediaUrl)}
          controls
          preload="metadata"
          aria-label={`Video shared by ${username}`}
          className="max-h-96 w-full rounded-lg bg-slate-900"
        />
      )}
      {post.mediaPending && (
        <figcaption className="flex items-center gap-1.5 text-xs font-medium text-amber-900">
          <Hourglass aria-hidden="true" className="size-3.5" />
          {/* A leader sees others' waiting media to review it; "only you" is the author's to read. */}
          {mine ? MEDIA_MESSAGES.pendingForAuthor : MEDIA_MESSAGES.pendingForOthers}
        </figcaption>
      )}
    </figure>
  );
}
