import { defineAction } from "../../../shared/action";
import { requireMember } from "../../groups";
import type { MediaSource } from "../post-media";
import { announceNewPost, createPostWithMedia } from "../posts";

/** 'New Post' in a group's feed: its media stored and checked, then announced to the group and the mentioned. */
export const createPost = defineAction({
  name: "feed/create-post",
  // Asked again after the upload, not carried over from before it: a 100 MB upload takes a while, and a
  // member removed meanwhile is out.
  authorise: async (
    { db },
    actor,
    input: { groupId: string; title: string; content: string; file: MediaSource | null },
  ) => (await requireMember(db, input.groupId, actor.id)).group,
  guard: { rate: "post", texts: (input) => [input.title, input.content] },
  write: (deps, actor, input, group) =>
    createPostWithMedia(deps, {
      groupId: group.id,
      authorId: actor.id,
      title: input.title,
      content: input.content,
      media: input.file,
    }),
  announce: (deps, post) => announceNewPost(deps, post),
});
