// What other features may use of the groups: the reader's groups and a group's feed (to share a story to).
export { groupsQuery } from "./api/get-groups";
export { postsQuery } from "./api/get-posts";
