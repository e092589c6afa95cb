import { and, eq } from "drizzle-orm";
import { POST_TITLE_MAX_LENGTH } from "../../../core/schemas/feed";
import type { LayerNumber } from "../../../core/stories/progress";
import {
  buildShareDraftMessages,
  cleanShareDraft,
  fallbackShareDraft,
  SHARE_DRAFT_MAX_TOKENS,
  SHARE_DRAFT_TEMPERATURE,
  SHARE_MESSAGES,
  type ShareDraftRequest,
  type ShareDraftSource,
  type ShareStoryRequest,
} from "../../../core/stories/share";
import { AiError } from "../../adapters/ai/types";
import { storyContent } from "../../db/schema";
import type { AppDeps } from "../../http/app-env";
import { AppError } from "../../http/errors";
import { raiseAiFlag } from "../../shared/ai-guardrails";
import { isQuotaReached, type QuotaReservation, reserveAiWork } from "../../shared/ai-quota";
import { createPostWithMedia } from "../feed";
import { illustrationKey, type StoryRow } from "./service";

/**
 * The share dialog's draft (spec §5, §7). A child always gets a draft to edit: whenever the AI cannot write
 * one, and always with the offline library, the spec's template stands in, and the provider's words go only
 * to the log.
 */
export async function draftShare(
  deps: AppDeps,
  userId: string,
  story: StoryRow,
  request: ShareDraftRequest,
  signal: AbortSignal,
): Promise<{ draft: string; source: ShareDraftSource }> {
  const fallback = { draft: fallbackShareDraft(story.title, request.note), source: "fallback" as const };
  // The library writes no free text; asking it would only log a failure on every offline draft.
  if (deps.ai.text.provider === "library") return fallback;
  // Past today's quota of AI writing, the spec's own draft is a perfectly good start.
  let quota: QuotaReservation;
  try {
    quota = await reserveAiWork(deps, userId, "story");
  } catch (error) {
    if (isQuotaReached(error)) return fallback;
    throw error;
  }
  try {
    const text = await deps.ai.text.complete(
      buildShareDraftMessages({ story, layer: request.layer, note: request.note }),
      { signal, maxTokens: SHARE_DRAFT_MAX_TOKENS, temperature: SHARE_DRAFT_TEMPERATURE },
    );
    const draft = cleanShareDraft(text);
    if (!draft) throw new AiError("No text generated", "empty");
    // The child would post it to their group: a draft moderation stops is never shown, a leader is told.
    const verdict = await deps.moderator.check(draft);
    if (!verdict.allowed) {
      await raiseAiFlag(deps, {
        kind: "withheld_share",
        userId,
        storyId: story.id,
        input: request.note,
        output: draft,
      });
      return fallback;
    }
    return { draft, source: "ai" };
  } catch (error) {
    await quota.release();
    if (!(error instanceof AiError)) throw error;
    deps.logger.warn({ err: error, slug: story.slug, layer: request.layer }, "share draft failed");
    return fallback;
  }
}

/** The reader's own saved illustration of the layer, as stored; a 409 when there is none to attach. */
async function illustrationBytes(deps: AppDeps, userId: string, storyId: number, layer: LayerNumber) {
  const [row] = await deps.db
    .select({ imageUrl: storyContent.imageUrl })
    .from(storyContent)
    .where(
      and(eq(storyContent.userId, userId), eq(storyContent.storyId, storyId), eq(storyContent.layer, layer)),
    );
  // A new text clears the saved picture while the old file stays behind (it showed the old text), so the
  // row decides whether there is one. The key is ours, never read from a URL.
  const file = row?.imageUrl ? await deps.storage.get(illustrationKey(userId, storyId, layer)) : null;
  if (!file) throw new AppError("no_illustration", 409, SHARE_MESSAGES.noIllustration);
  return file.bytes;
}

/**
 * Shares the reader's journey as an ordinary post (title: the story's, content: their text) in a group they
 * belong to (the caller has checked both), made exactly as 'New Post' makes one (the share-story action
 * announces it as 'New Post' does). An illustration is copied, so deleting the post never takes the story's
 * own picture with it.
 */
export async function shareStory(
  deps: AppDeps,
  userId: string,
  { story, groupId }: { story: StoryRow; groupId: string },
  request: Pick<ShareStoryRequest, "text" | "layer" | "attachIllustration">,
) {
  const media = request.attachIllustration
    ? await illustrationBytes(deps, userId, story.id, request.layer)
    : null;
  const post = await createPostWithMedia(deps, {
    groupId,
    authorId: userId,
    title: story.title.slice(0, POST_TITLE_MAX_LENGTH),
    content: request.text,
    media: media && { bytes: media },
    // Approved at once: our own image generator drew it from the story, and it is read back from our own
    // storage key, so it is no photo or file a child took or chose; what leaders review is uploads.
    mediaOrigin: "illustration",
  });
  return { post, groupId };
}
