import { and, eq, ne, or, sql } from "drizzle-orm";
import { FAMILY_MESSAGES } from "../../core/family";
import { type AiFlagKind, GUARDRAIL_MESSAGES, type ModerationCategory } from "../../core/schemas/moderation";
import { PUSH_MESSAGES } from "../../core/schemas/push";
import { checkLocally } from "../adapters/moderation/local";
import type { ModerationVerdict, TextModerator } from "../adapters/moderation/types";
import { aiFlags, groupMembers, profiles, users } from "../db/schema";
import type { AppDeps } from "../http/app-env";
import { countModerationRefusal } from "../http/metrics";
import { simpleMail } from "./mail-template";
import { type FanOutDeps, notify } from "./notify";
import { type TellParentsDeps, tellParents } from "./tell-parents";

// The AI guardrails (issue 6): what an AI writes is moderated before a child sees it, and what needs a
// grown-up's eye is raised as a flag for leaders. Q&A answers, story text, share drafts and image prompts all
// come through here, whichever provider wrote them (the offline library included).

// ── Flags for leaders ─────────────────────────────────────────────────────────────────────────────────────

export type AiFlagInput = {
  kind: AiFlagKind;
  userId: string;
  /** What the child asked or wrote; "" when they wrote nothing (a story layer they opened). */
  input: string;
  /** The withheld output; null for a risky question, which never reaches an AI. */
  output: string | null;
  conversationId?: string | null;
  storyId?: number | null;
};

/**
 * Stores a flag for the leaders' queue. A risky question is high priority and tells, at once and by the bell,
 * every admin and every leader who shares a study group with the child: the caring answer alone is not enough
 * when a child may be in danger. Logged, never thrown: the child's answer must not fail because a flag did.
 */
/** What raising a flag needs: the bell, the mails to leaders and parents, and the mails' limit. */
export type RaiseFlagDeps = TellParentsDeps & Pick<AppDeps, "config" | "rateLimiter">;

export async function raiseAiFlag(deps: RaiseFlagDeps, flag: AiFlagInput): Promise<void> {
  countModerationRefusal("ai_flag", flag.kind);
  const priority = flag.kind === "risky_question" ? "high" : "normal";
  let flagId: string | undefined;
  try {
    const [row] = await deps.db
      .insert(aiFlags)
      .values({
        userId: flag.userId,
        kind: flag.kind,
        priority,
        conversationId: flag.conversationId ?? null,
        storyId: flag.storyId ?? null,
        input: flag.input,
        output: flag.output,
      })
      .returning({ id: aiFlags.id });
    flagId = row?.id;
  } catch (err) {
    deps.logger.error({ err, kind: flag.kind, userId: flag.userId }, "AI flag not raised");
    return;
  }
  if (priority !== "high" || !flagId) return;
  try {
    const carers = await carersOf(deps, flag.userId);
    // No sender and no words of the question: the bell says only that someone needs care; the queue says who.
    await notify(deps, {
      type: "other",
      recipientIds: carers.map((carer) => carer.id),
      sender: null,
      message: GUARDRAIL_MESSAGES.leaderNotice,
      groupId: null,
      entityId: flagId,
    });
    // On their phones too, where they turned notifications on (issue 26).
    await deps.pushQueue.send(
      carers.map((carer) => carer.id),
      { ...PUSH_MESSAGES.careAlert, url: "/leader" },
    );
    // And by mail at once (issue 25): an adult hears of it outside the app, with the way to the queue.
    await mailCarers(
      deps,
      carers.filter((carer) => carer.mail),
    );
  } catch (err) {
    deps.logger.error({ err, flagId, userId: flag.userId }, "AI flag notifications not sent");
  }
  // A child's parents hear at once too (issue 24), by the bell and by mail; never the words of the question.
  await tellParents(deps, flag.userId, {
    bell: FAMILY_MESSAGES.careAlert,
    mail: (child) => ({
      subject: FAMILY_MESSAGES.careAlertSubject(child),
      paragraphs: [FAMILY_MESSAGES.careAlert(child), FAMILY_MESSAGES.careAlertMore],
    }),
  });
}

/**
 * Mails each carer that a child's question may need a grown-up's care: never the child's words or name, only the
 * way to the review queue. At most CARE_MAILS_PER_HOUR a leader, so a flood of flags cannot flood an inbox (the
 * bell still has each one).
 */
async function mailCarers(deps: RaiseFlagDeps, carers: { id: string; email: string }[]) {
  const link = `${deps.config.appUrl}/leader`;
  for (const carer of carers) {
    if (!(await deps.rateLimiter.take("careAlertMails", carer.id))) continue;
    await simpleMail({
      to: carer.email,
      subject: GUARDRAIL_MESSAGES.leaderMailSubject,
      parts: [GUARDRAIL_MESSAGES.leaderNotice, { button: GUARDRAIL_MESSAGES.leaderMailButton, href: link }],
    })
      .then((mail) => deps.mailQueue.send(mail))
      .catch((err: unknown) => deps.logger.error({ err }, "a leader's care mail could not be queued"));
  }
}

/**
 * Every admin, and every leader in one of the child's study groups; never the child themself. `mail` says
 * whether the alert is mailed to them too: always to an admin, to a leader unless an admin turned it off.
 */
async function carersOf(
  deps: FanOutDeps,
  childId: string,
): Promise<{ id: string; email: string; mail: boolean }[]> {
  const rows = await deps.db
    .select({
      id: profiles.id,
      email: users.email,
      mail: sql<boolean>`${profiles.role} = 'admin' or ${profiles.careMails}`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      and(
        ne(profiles.id, childId),
        or(
          eq(profiles.role, "admin"),
          and(
            eq(profiles.role, "leader"),
            sql`exists (select 1 from ${groupMembers} theirs join ${groupMembers} mine on mine.group_id = theirs.group_id where theirs.user_id = ${profiles.id} and mine.user_id = ${childId})`,
          ),
        ),
      ),
    );
  return rows;
}

// ── Checking what an AI writes ─────────────────────────────────────────────────────────────────────────────

/**
 * How far back of the new text a check reaches. The local patterns match short spans (a phone number is at
 * most 42 characters, an email address well under 200), so the tail of the text is enough to see any of them
 * that the new text completes, and a check costs the same at the end of a long answer as at its start.
 * Whatever a longer span could hide, the check of the whole text at the end still finds.
 */
const CONTEXT_CHARS = 256;

/**
 * A word of a number: a phone number is written over several words ("555 123 4567", "five five five…"), so
 * such words are held back together until a word that is not one follows and the whole run can be judged.
 */
const NUMBER_WORD =
  /^[+(]*\d[\d.\-/()+]*[,.;:!?)]*$|^(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)[,.;:!?]*$/i;

/** The end of the last whole word: text after the last whitespace may still be growing ("fu" before "ck"). */
function lastWordBoundary(text: string, from: number): number {
  for (let index = text.length - 1; index >= from; index -= 1) {
    if (/\s/.test(text[index] ?? "")) return index + 1;
  }
  return from;
}

/** Where the trailing run of number words of text[from, end) begins; `end` when there is none. */
function numberRunStart(text: string, from: number, end: number): number {
  let start = end;
  for (;;) {
    const before = text.slice(from, start);
    const word = before.match(/(\S+)\s+$/);
    if (!word?.[1] || !NUMBER_WORD.test(word[1])) return start;
    start -= word[0].length;
  }
}

/** A window's start at a whole word, past any number words a cut might have split from the run they end. */
function windowStart(text: string, before: number): number {
  if (before <= CONTEXT_CHARS) return 0;
  let start = before - CONTEXT_CHARS;
  const space = text.slice(start, before).search(/\s/);
  start = space === -1 ? before : start + space;
  for (const word of text.slice(start, before).matchAll(/\s*(\S+)/g)) {
    if (!NUMBER_WORD.test(word[1] ?? "")) break;
    start += word[0].length;
  }
  return start;
}

export type OutputChecker = ReturnType<typeof createOutputChecker>;

/**
 * The check of a streamed output, piece by piece (issue 6), so that flagged words are never shown even for an
 * instant. Text is released only up to the last whole word that has arrived, after the tail of the text so far
 * has passed the local check; a word still arriving ("fu" before "ck") and a run of number words are held back
 * until what follows shows where they end. Synchronous and local: nothing waits on a network before a piece.
 * Once anything is flagged, nothing more is released.
 */
export function createOutputChecker(check: (text: string) => ModerationVerdict = checkLocally) {
  let received = "";
  /** received.slice(0, released) has been handed on. */
  let released = 0;
  /** received.slice(0, checked) has passed the check, as far as a window sees. */
  let checked = 0;
  let flagged: ModerationCategory | null = null;

  return {
    /** Adds a piece; answers the text to hand on now ("" for none yet), or null once the output is withheld. */
    push(piece: string): string | null {
      if (flagged) return null;
      received += piece;
      const wordEnd = lastWordBoundary(received, checked);
      if (wordEnd > checked) {
        const verdict = check(received.slice(windowStart(received, released), wordEnd));
        if (!verdict.allowed) {
          flagged = verdict.category;
          return null;
        }
        checked = wordEnd;
      }
      const end = numberRunStart(received, released, checked);
      if (end <= released) return "";
      const text = received.slice(released, end);
      released = end;
      return text;
    },
    /**
     * The end of the output, judged whole by `verdict` (the moderator's check of `received`): the held-back
     * rest to hand on, or why the output is withheld.
     */
    finish(verdict: ModerationVerdict): { rest: string } | { withheld: ModerationCategory } {
      if (!flagged && !verdict.allowed) flagged = verdict.category;
      if (flagged) return { withheld: flagged };
      const rest = received.slice(released);
      released = received.length;
      return { rest };
    },
    /** Everything that arrived, shown or not: what a flag keeps for the leaders. */
    get received() {
      return received;
    },
    /** What has been handed on. */
    get released() {
      return received.slice(0, released);
    },
    /** Why the output was withheld; null while it has not been. */
    get flagged() {
      return flagged;
    },
  };
}

export type GuardedOutput =
  /** Every piece handed on; `text` passed the moderator's check whole. */
  | { status: "passed"; text: string }
  /** Stopped: `text` is everything that arrived, for the flag; `category` says why. */
  | { status: "withheld"; text: string; category: ModerationCategory }
  /** The reader left (the signal fired); `text` is what was handed on, checked locally only. */
  | { status: "aborted"; text: string };

/**
 * Streams an AI's pieces through the output checker to `forward`, then checks the whole text with the
 * moderator (which may also ask the provider) before the last held-back word goes out. The upstream is
 * released as soon as anything is flagged. An upstream failure is thrown as it came, unless the signal fired.
 */
export async function streamGuarded(
  pieces: AsyncIterable<string>,
  options: { moderator: TextModerator; signal: AbortSignal; forward: (text: string) => Promise<unknown> },
): Promise<GuardedOutput> {
  const { moderator, signal, forward } = options;
  const checker = createOutputChecker();
  const aborted = (): GuardedOutput => ({ status: "aborted", text: checker.released });
  try {
    for await (const piece of pieces) {
      if (signal.aborted) return aborted();
      const text = checker.push(piece);
      // Leaving the loop closes the upstream call: no more tokens are paid for what will not be shown.
      if (text === null) break;
      if (text) {
        await forward(text);
        // Let the piece reach the socket before the next is read: Node flushes a response's writes on a
        // later tick, and pieces already buffered from upstream would otherwise all be checked first.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  } catch (error) {
    if (signal.aborted) return aborted();
    throw error;
  }
  if (signal.aborted) return aborted();
  // Not tied to the reader's signal: an answer is saved even when they have left, so it is judged whole.
  const verdict: ModerationVerdict = checker.flagged
    ? { allowed: false, category: checker.flagged }
    : await moderator.check(checker.received);
  const end = checker.finish(verdict);
  if ("withheld" in end) return { status: "withheld", text: checker.received, category: end.withheld };
  if (end.rest && !signal.aborted) await forward(end.rest);
  return { status: "passed", text: checker.received };
}
