import type { z } from "zod";
import type { createFolderSchema } from "../../../../core/schemas/qna";
import { defineAction } from "../../../shared/action";
import { createFolder as insertFolder } from "../service";

/** 'New folder' in the AI helper's sidebar: a name the reader wrote, so the writer guard checks it. */
export const createFolder = defineAction({
  name: "qna/actions/create-folder",
  // Anyone signed in keeps folders of their own.
  authorise: async () => {},
  guard: { texts: (input: z.infer<typeof createFolderSchema>) => [input.name] },
  write: (deps, actor, input) => insertFolder(deps.db, actor.id, input),
});
