import type { z } from "zod";
import type { updateFolderSchema } from "../../../../core/schemas/qna";
import { defineAction } from "../../../shared/action";
import { updateFolder as saveFolder } from "../service";

type Input = { folderId: string; changes: z.infer<typeof updateFolderSchema> };

/** Renames or recolours one of the reader's folders. */
export const updateFolder = defineAction({
  name: "qna/actions/update-folder",
  // The write's one statement is filtered by the owner, so another reader's folder is "not found"; a look-up
  // here first would be a second query for the same answer.
  authorise: async () => {},
  guard: { texts: (input: Input) => [input.changes.name] },
  write: (deps, actor, input) => saveFolder(deps.db, actor.id, input.folderId, input.changes),
});
