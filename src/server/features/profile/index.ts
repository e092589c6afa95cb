// What other features may use of the profile: where an uploaded profile picture is stored, and removing its
// files (moderation reviews and removes pictures); deleting an account with everything it made (families: a
// parent's 'Delete my child's account', 'No, delete this account', and the 7-day sweep), and the data export
// (a parent's 'Download my child's data'); the signed 'Stop these emails' links of the optional mails.
export { removeAvatarFiles, uploadedAvatarKey } from "./avatar";
export { deleteAccount } from "./delete-account";
export { exportUserData } from "./export";
export { unsubscribeLinks } from "./unsubscribe";
