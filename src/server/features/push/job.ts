import { PUSH_JOB, type QueuedPush } from "../../jobs/push-queue";
import type { JobDefinition } from "../../jobs/queue";
import { type PushDeps, pushToReader } from "./service";

/**
 * The push job: each reader in turn, as pushToReader decides. Not retried: a push is news of the moment, and
 * one that failed is in the bell all the same.
 */
export function pushJob(deps: PushDeps): JobDefinition<QueuedPush> {
  return {
    name: PUSH_JOB,
    async run({ userIds, message }) {
      for (const userId of userIds) {
        const result = await pushToReader(deps, userId, message).catch((err: unknown) => {
          deps.logger.error({ err, userId }, "a push was not sent");
          return "failed" as const;
        });
        // Never the message: the reader's id and the outcome are enough to follow it up.
        deps.logger.debug({ userId, result }, "push");
      }
    },
  };
}
