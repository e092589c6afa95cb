import { defineAction } from "../../../shared/action";
import { createReport as fileReport, type ReportInput } from "../reports";

/** 'Report' on a post, comment, chat message or profile picture of the reader's group. */
export const createReport = defineAction({
  name: "moderation/actions/create-report",
  // The write checks the reader is a member of the item's group and that the item is not their own.
  authorise: async () => {},
  guard: {
    unguarded:
      "a report is how a child tells leaders something is wrong: a muted child may still report, and the note is read only by leaders",
  },
  write: (deps, actor, input: ReportInput) => fileReport(deps, actor.id, input),
});
