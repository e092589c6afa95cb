import { groupTopic } from "../../../../core/realtime";
import type { MediaType, PostUpdate } from "../../../../core/schemas/feed";
import { MEDIA_MESSAGES } from "../../../../core/schemas/moderation";
import { defineAction } from "../../../shared/action";
import { checkedByRoute, LEADERS_DECISION } from "../../../shared/leaders-only";
import { notify } from "../../../shared/notify";
import { type MediaReviewInput, reviewPendingMedia } from "../media-review";

/** A leader approves or rejects the photo or video waiting on a member's post. */
export const reviewMedia = defineAction({
  name: "moderation/actions/review-media",
  authorise: checkedByRoute,
  guard: { unguarded: LEADERS_DECISION },
  async write(deps, actor, { postId, ...decision }: MediaReviewInput & { postId: string }) {
    const post = await reviewPendingMedia(deps, actor.id, postId, decision);
    const mediaStatus = decision.action === "approve" ? ("approved" as const) : null;
    return { postId: post.id, mediaStatus, post };
  },
  announce: async (deps, { mediaStatus, post }) => {
    const approved = mediaStatus === "approved";
    // A hidden post is in no one's feed; its media's address stays off the wire.
    if (post.hiddenAt === null) {
      const update: PostUpdate = {
        postId: post.id,
        mediaUrl: approved ? post.mediaUrl : null,
        mediaType: approved ? (post.mediaType as MediaType | null) : null,
        mediaPending: false,
      };
      await deps.bus.publish({ topic: groupTopic(post.groupId), type: "post_updated", data: update });
    }
    if (!post.authorId) return;
    try {
      await notify(deps, {
        type: "other",
        recipientIds: [post.authorId],
        // "A leader": which one is not the child's business.
        sender: null,
        message: approved ? MEDIA_MESSAGES.approved : MEDIA_MESSAGES.rejected,
        groupId: post.groupId,
        entityId: post.id,
      });
    } catch (err) {
      // The decision stands either way; the author sees it on their post.
      deps.logger.error({ err, postId: post.id }, "media review notification not sent");
    }
  },
});
