import { defineAction } from "../../../shared/action";
import { deleteFolder as removeFolder } from "../service";

/** Deletes one of the reader's folders; its conversations stay, in no folder. */
export const deleteFolder = defineAction({
  name: "qna/actions/delete-folder",
  // The write's one statement is filtered by the owner, so another reader's folder is "not found"; a look-up
  // here first would be a second query for the same answer.
  authorise: async () => {},
  guard: { unguarded: "tidying away one's own folder stores no words, and a muted reader may still do it" },
  write: (deps, actor, input: { folderId: string }) => removeFolder(deps.db, actor.id, input.folderId),
});
