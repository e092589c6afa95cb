import type { QuietHours } from "../../../../core/schemas/push";
import { defineAction } from "../../../shared/action";
import { saveQuietHours as save } from "../service";

/** The reader's quiet hours, in the time zone their browser is in now. */
export const saveQuietHours = defineAction({
  name: "push/actions/save-quiet-hours",
  authorise: async () => {},
  guard: { unguarded: "two hours of the reader's own setting, seen by nobody else" },
  write: ({ db }, actor, input: QuietHours & { timeZone: string | null }) =>
    save(db, actor.id, { start: input.start, end: input.end }, input.timeZone),
});
