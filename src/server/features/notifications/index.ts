// What other features may use of the notifications: telling members they were mentioned or reacted to. The
// writer every feature uses, notify, is in src/server/shared/notify.ts.
export { notifyMentions, notifyPostReaction, notifyReply } from "./service";
