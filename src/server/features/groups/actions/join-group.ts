import { defineAction } from "../../../shared/action";
import { joinGroup as joinByCode } from "../service";
import { announceJoined } from "./announce-membership";
import { refuseParentAccounts } from "./refuse-parent-accounts";

/** 'Join Group' with an invite code. */
export const joinGroup = defineAction({
  name: "groups/join-group",
  // Every try counts, right or wrong, per account and again per address (a higher number: a class joins from
  // one church Wi-Fi), and is recorded before the code is looked up: parallel guesses queue on the count
  // instead of all slipping past.
  authorise: async ({ db, rateLimiter }, actor, input: { code: string; clientIp: string }) => {
    await refuseParentAccounts(db, actor.id);
    await rateLimiter.attemptAll([
      ["inviteJoin", `user:${actor.id}`],
      ["inviteJoinPerIp", `ip:${input.clientIp}`],
    ]);
    return null;
  },
  guard: { unguarded: "joining writes no words; its guesses are limited in authorise" },
  write: ({ db }, actor, input) => joinByCode(db, actor.id, input.code),
  announce: (deps, group, { actor }) => announceJoined(deps, actor.id, group.id),
});
