// The feed's public surface for other features: posting into a group from elsewhere (a shared story) and
// removing a post's stored media (moderation). Everything else stays inside the feed.
export { FEED_PAGE_SIZE } from "./feed-page";
export { type MediaDeps, type MediaOrigin, type MediaSource, removePostMedia } from "./post-media";
export { announceNewPost, createPostWithMedia, withoutPendingMedia } from "./posts";
