import type { PushMessage } from "../../core/schemas/push";
import type { JobQueue } from "./queue";

// Push notifications through the job queue (issue 26): a mention or a new 'This week's story' never waits for
// a push service, and a push service that is slow never slows the request that caused it.

export const PUSH_JOB = "push";

export type QueuedPush = { userIds: string[]; message: PushMessage };

export type PushQueue = {
  /** Queues one message to each of these readers' devices (what reaches them is the push job's to decide). */
  send(userIds: readonly string[], message: PushMessage): Promise<void>;
};

export function createPushQueue(queue: Pick<JobQueue, "send">): PushQueue {
  return {
    async send(userIds, message) {
      if (userIds.length === 0) return;
      await queue.send(PUSH_JOB, { userIds: [...userIds], message } satisfies QueuedPush);
    },
  };
}
