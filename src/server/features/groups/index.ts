// What other features may use of groups: the membership check every group read and write starts with, and
// leaving a group inside another transaction (deleting an account).
export { requireMember } from "./membership";
export { leaveGroupWithin } from "./service";
