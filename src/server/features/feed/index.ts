// The feed's public surface for other features: posting into a group from elsewhere (a shared story) and
// removing a post's stored media (moderation). Everything else stays inside the feed.
export { removePostMedia } from "./post-media";
export { announceNewPost, createPostWithMedia } from "./posts";
