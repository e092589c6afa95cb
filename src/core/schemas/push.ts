import { z } from "zod";
import "./zod-messages";

// Push notifications (issue 26): a device's Web Push subscription, and the reader's quiet hours.

/** POST /api/push/subscriptions: what the browser's PushManager gives, as `subscription.toJSON()` has it. */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z
      .url({ protocol: /^https?$/, error: "This device's notification address is not valid." })
      .max(1000, { error: "This device's notification address is not valid." }),
    keys: z.object({
      p256dh: z
        .string()
        .regex(/^[\w-]{40,200}$/, { error: "This device's notification keys are not valid." }),
      auth: z.string().regex(/^[\w-]{10,100}$/, { error: "This device's notification keys are not valid." }),
    }),
  })
  .strip();

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions: the device to stop, by its address. */
export const pushEndpointSchema = z.object({ endpoint: z.string().min(1).max(1000) }).strict();

const hour = z
  .number({ error: "Please choose an hour." })
  .int({ error: "Please choose an hour." })
  .min(0, { error: "Please choose an hour." })
  .max(23, { error: "Please choose an hour." });

/** PUT /api/push/quiet-hours: no pushes from `start` o'clock to `end` o'clock in the reader's time zone. */
export const quietHoursSchema = z.object({ start: hour, end: hour }).strict();
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const DEFAULT_QUIET_HOURS: QuietHours = { start: 20, end: 7 };

/** A child (under 18) gets at most this many pushes a day; the bell keeps everything. */
export const CHILD_PUSHES_PER_DAY = 3;

/** What a push says and where it leads; never anyone's own words beyond a username. */
export type PushMessage = { title: string; body: string; url: string };

/** GET /api/push: the server's public key (to subscribe with) and the reader's settings. */
export type PushSettings = {
  publicKey: string;
  quietHours: QuietHours;
  /** False for a child under 13 whose parent has not turned notifications on. */
  allowed: boolean;
};

export const PUSH_MESSAGES = {
  heading: "Notifications",
  help: "Get a notification on this device when someone mentions you or replies to you, when your leader sets this week's story, and for leaders and parents when a child needs a grown-up. Never for reactions, and never at night.",
  turnOn: "Turn on notifications",
  turnOff: "Turn off notifications",
  on: "Notifications are on for this device.",
  notSupported:
    "This browser can't show notifications. On an iPhone or iPad, add Lamplight to your home screen first.",
  blocked: "Notifications are blocked for Lamplight in this browser's settings.",
  notAllowed: "Your parent has not turned on notifications.",
  quietHours: "Quiet hours",
  quietFrom: "From",
  quietTo: "To",
  saved: "Saved",
  saveFailed: "That change was not saved. Please try again.",
  mention: (who: string) => ({ title: "Lamplight", body: `${who} mentioned you` }),
  reply: (who: string) => ({ title: "Lamplight", body: `${who} replied to you` }),
  weeklyStory: (group: string, story: string) => ({
    title: "This week's story",
    body: `From ${group}: ${story}`,
  }),
  careAlert: {
    title: "Lamplight",
    body: "A child may need a grown-up's care. Please look at the review queue.",
  },
} as const;
