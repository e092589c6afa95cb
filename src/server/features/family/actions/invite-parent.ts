import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { defineAction } from "../../../shared/action";
import { inviteParent, requireOwnChild, requireTeen } from "../service";

/** The inviter's name in the mail: their email (a parent's username is made up). */
async function emailOf(db: Parameters<typeof requireOwnChild>[0], userId: string) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? "";
}

/** 'Add a parent or guardian' on 'Your family': the same link as a consent, marked as an invitation. */
export const inviteParentOfChild = defineAction({
  name: "family/actions/invite-parent",
  authorise: ({ db }, actor, input: { childId: string; email: string }) =>
    requireOwnChild(db, actor.id, input.childId),
  guard: { unguarded: "an address is no words anyone reads; mails are limited per child and per address" },
  async write(deps, actor, input, child) {
    await inviteParent(deps, {
      child: { id: child.id, username: child.username ?? "" },
      email: input.email,
      invitedBy: { id: actor.id, name: await emailOf(deps.db, actor.id) },
    });
  },
});

/** A teen's 'Add a parent' on the profile: the parent sees, and has no switches. */
export const inviteParentOfTeen = defineAction({
  name: "family/actions/invite-parent-of-teen",
  authorise: ({ db }, actor, _input: { email: string }) => requireTeen(db, actor.id),
  guard: { unguarded: "an address is no words anyone reads; mails are limited per child and per address" },
  async write(deps, actor, input, teen) {
    await inviteParent(deps, {
      child: teen,
      email: input.email,
      invitedBy: { id: actor.id, name: teen.username },
    });
  },
});
