// What other features may use of the profile: the reader's own profile and XP, and a member's card.
export { setProfileXp, useProfile } from "./api/get-profile";
export { MemberProfileButton } from "./components/member-profile-card";
