import { defineAction } from "../../../shared/action";
import { notify } from "../../../shared/notify";
import { queueReportMails } from "../report-mails";
import { fileReport, findReportable, ITEM_NAMES, leadersToTell, type ReportInput } from "../reports";
import { announcePostGone } from "./announce";

/** 'Report' on a post, comment, chat message or profile picture of the reader's group. */
export const createReport = defineAction({
  name: "moderation/actions/create-report",
  // A member of the item's group, and not its author.
  authorise: ({ db }, actor, input: ReportInput) => findReportable(db, actor.id, input),
  guard: {
    unguarded:
      "a report is how a child tells leaders something is wrong: a muted child may still report, and the note is read only by leaders",
  },
  write: ({ db }, actor, input, found) => fileReport(db, actor.id, found, input),
  // A second report by the same member tells no one again.
  announce: async (deps, { created, hidden, item }, { actor }) => {
    if (!created) return;
    if (hidden) await announcePostGone(deps, item);
    // No words of the item, and no sender: the bell shows only that something in the group needs a look.
    // Logged, never thrown: the report is already saved.
    try {
      const { recipientIds, groupName } = await leadersToTell(deps.db, item, actor.id);
      if (!groupName) return;
      // And by mail, batched (issue 25): the job sends it when the leader's 15 minutes are up. First, so that
      // a bell that fails does not keep the mail from going.
      await queueReportMails(deps.db, recipientIds).catch((err: unknown) =>
        deps.logger.error({ err, groupId: item.groupId }, "report mails not queued"),
      );
      await notify(deps, {
        type: "other",
        recipientIds,
        sender: null,
        message: `${ITEM_NAMES[item.type]} in ${groupName} was reported.${hidden ? " It is hidden until a leader looks." : ""}`,
        groupId: item.groupId,
        entityId: null,
      });
    } catch (err) {
      deps.logger.error({ err, groupId: item.groupId }, "report notifications not sent");
    }
  },
});
