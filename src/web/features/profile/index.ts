// What other features may use of the profile: the reader's own profile and XP, a member's card, and what a
// celebration elsewhere shares with the level-up moment (its hold, sounds and motion).
export { profileQuery, setProfileXp, useProfile } from "./api/get-profile";
export { holdLevelUp } from "./components/level-up-watch";
export { MemberProfileButton } from "./components/member-profile-card";
export { useCountUp, useReducedMotion } from "./components/motion";
export { playCelebrationSound } from "./components/sounds";
