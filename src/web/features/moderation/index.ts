// What other features may use of the moderation: reporting what a member wrote or shows, and a leader's removal of a picture.
export { useRemoveAvatar } from "./api/remove-avatar";
export { ReportDialog } from "./components/report-dialog";
