// What other features may use of the notifications: the shape of a live notification, to react to one.
export { parseNotification } from "./api/get-notifications";
