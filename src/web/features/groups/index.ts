// What other features may use of the groups: the reader's groups and a group's feed (to share a story to), and
// home's cards for this week's story of each group.
export { groupsQuery } from "./api/get-groups";
export { postsQuery } from "./api/get-posts";
export { MyAssignments } from "./components/my-assignments";
