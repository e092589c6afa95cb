import { eq } from "drizzle-orm";
import { parentChildren, profiles, users } from "../db/schema";
import type { AppDeps, AppServices } from "../http/app-env";
import { simpleMail } from "./mail-template";
import { type FanOutDeps, notify } from "./notify";

// Families (issue 24): what a child's parents are told (a question that needs a grown-up's care, a leader's mute
// or removal), by the bell and by mail at once. Below the features, as notify is: the helper and moderation both
// tell parents, and the parents a child has are plain rows. Logged, never thrown: what happened stands either way.

export type TellParentsDeps = FanOutDeps &
  Pick<AppServices, "mailQueue" | "pushQueue"> &
  Pick<AppDeps, "rateLimiter">;

type Telling = {
  /** The bell's sentence, made with the child's username; none for a mail alone. It is pushed to their phones too. */
  bell?: (child: string) => string;
  /** The mail's subject and its paragraphs (on the one mail template). */
  mail: (child: string) => { subject: string; paragraphs: readonly string[] };
};

export async function tellParents(deps: TellParentsDeps, childId: string, telling: Telling): Promise<void> {
  try {
    const parents = await deps.db
      .select({ id: parentChildren.parentUserId, email: users.email, child: profiles.username })
      .from(parentChildren)
      .innerJoin(users, eq(users.id, parentChildren.parentUserId))
      .innerJoin(profiles, eq(profiles.id, parentChildren.childUserId))
      .where(eq(parentChildren.childUserId, childId));
    const child = parents[0]?.child;
    if (!child) return;
    if (telling.bell)
      await notify(deps, {
        type: "other",
        recipientIds: parents.map((parent) => parent.id),
        sender: null,
        message: telling.bell(child),
        groupId: null,
        entityId: null,
      });
    if (telling.bell)
      await deps.pushQueue.send(
        parents.map((parent) => parent.id),
        { title: "Lamplight", body: telling.bell(child), url: "/family" },
      );
    const { subject, paragraphs } = telling.mail(child);
    for (const parent of parents) {
      // A flood of flags or removals must not flood a parent's inbox.
      if (!(await deps.rateLimiter.take("parentNoticeMails", parent.id))) continue;
      await simpleMail({ to: parent.email, subject, parts: paragraphs })
        .then((mail) => deps.mailQueue.send(mail))
        .catch((err: unknown) => deps.logger.error({ err }, "a parent's mail could not be queued"));
    }
  } catch (err) {
    deps.logger.error({ err, childId }, "parents not told");
  }
}
