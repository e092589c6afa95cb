// Push notifications (issue 26): the devices a reader turned them on for, their quiet hours, and sending one.
import { and, eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import { localWeekTime } from "../../../core/local-week";
import { familyPermissionsSchema } from "../../../core/schemas/family";
import type { PushMessage, PushSubscriptionInput, QuietHours } from "../../../core/schemas/push";
import type { Database } from "../../db/client";
import { profiles, pushSubscriptions } from "../../db/schema";
import type { RateLimiter } from "../../shared/rate-limit";
import type { PushSender } from "./sender";

/**
 * Keeps this device for the reader. A device is one row: on a shared tablet the next reader who turns
 * notifications on takes it over, so the last reader never gets the new one's pushes. The device's time zone
 * is kept as the reader's, so that the quiet hours are their own night even if they never change them.
 */
export async function saveSubscription(
  db: Database,
  userId: string,
  device: PushSubscriptionInput,
  timeZone: string | null,
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: device.keys.p256dh, auth: device.keys.auth },
      });
    if (timeZone) await tx.update(profiles).set({ timeZone }).where(eq(profiles.id, userId));
  });
  return { on: true };
}

/** Stops this device for the reader (only their own: another reader's device is not theirs to stop). */
export async function removeSubscription(db: Database, userId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return { on: false };
}

export async function saveQuietHours(
  db: Database,
  userId: string,
  hours: QuietHours,
  timeZone: string | null,
) {
  await db
    .update(profiles)
    .set({ pushQuietStart: hours.start, pushQuietEnd: hours.end, ...(timeZone ? { timeZone } : {}) })
    .where(eq(profiles.id, userId));
  return hours;
}

/** Whether `hour` falls in the quiet hours (which may run past midnight); equal hours mean none. */
export function isQuietHour(hour: number, quiet: QuietHours): boolean {
  if (quiet.start === quiet.end) return false;
  return quiet.start < quiet.end
    ? hour >= quiet.start && hour < quiet.end
    : hour >= quiet.start || hour < quiet.end;
}

/** A reader under 18 (or of an unknown age, who signed up before ages were asked) is a child for the daily cap. */
function isChild(role: string, birthYear: number | null, now: Date): boolean {
  if (role !== "member") return false;
  return birthYear === null || now.getUTCFullYear() - birthYear < 18;
}

export type PushDeps = { db: Database; logger: Logger; rateLimiter: RateLimiter; sender: PushSender };

/** Why a push did not go, or that it went; for the log and the tests. */
export type PushResult = "sent" | "no_device" | "not_allowed" | "quiet_hours" | "daily_cap" | "failed";

/**
 * Pushes a message to each of the reader's devices, unless they may not have it now: a child under 13 whose
 * parent has not turned notifications on, the reader's quiet hours, or a child's third push of the day gone
 * already (the bell keeps every one). A device the push service says is gone (404, 410) is forgotten.
 */
export async function pushToReader(
  deps: PushDeps,
  userId: string,
  message: PushMessage,
  now = new Date(),
): Promise<PushResult> {
  const devices = await deps.db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  if (devices.length === 0) return "no_device";
  const [reader] = await deps.db
    .select({
      role: profiles.role,
      birthYear: profiles.birthYear,
      accountState: profiles.accountState,
      permissions: profiles.familyPermissions,
      timeZone: profiles.timeZone,
      start: profiles.pushQuietStart,
      end: profiles.pushQuietEnd,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (reader?.accountState !== "active") return "not_allowed";
  // A parent governs this child (under 13): only with their yes.
  if (reader.permissions !== null) {
    const permissions = familyPermissionsSchema.safeParse(reader.permissions);
    if (!permissions.success || !permissions.data.notifications) return "not_allowed";
  }
  if (isQuietHour(localWeekTime(now, reader.timeZone).hour, { start: reader.start, end: reader.end }))
    return "quiet_hours";
  if (isChild(reader.role, reader.birthYear, now) && !(await deps.rateLimiter.take("childPushes", userId)))
    return "daily_cap";

  const payload = JSON.stringify(message);
  const outcomes = await Promise.all(devices.map((device) => deps.sender.send(device, payload)));
  const gone = devices.filter((_, index) => outcomes[index] === "gone").map((device) => device.id);
  if (gone.length > 0) await deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  return outcomes.includes("sent") ? "sent" : "failed";
}
