// What other features may use of the profile: where an uploaded profile picture is stored, and removing its
// files (moderation reviews and removes pictures).
export { removeAvatarFiles, uploadedAvatarKey } from "./avatar";
