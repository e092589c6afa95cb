import { FEED_MESSAGES } from "../../../core/schemas/feed";
import { AppError } from "../../http/errors";

// A post or comment that is not there, not in this group, hidden, or named by a malformed id: all one 404.
export const postNotFound = () => new AppError("post_not_found", 404, FEED_MESSAGES.postNotFound);
export const commentNotFound = () => new AppError("comment_not_found", 404, FEED_MESSAGES.commentNotFound);
