import type { Agent } from "node:https";
import webpush from "web-push";

// The Web Push protocol (RFC 8030, with VAPID, RFC 8292, and the aes128gcm encryption of RFC 8291), through the
// well-kept `web-push` library: the push service is whatever the reader's browser subscribed with (Google's,
// Mozilla's, Apple's). No embedded default is needed: a device that never subscribed is never pushed to.

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };
export type DeviceSubscription = { endpoint: string; p256dh: string; auth: string };

/** What became of one push: delivered, or the device is gone for good (404, 410), or it failed this time. */
export type PushOutcome = "sent" | "gone" | "failed";

export type PushSender = {
  send(device: DeviceSubscription, payload: string): Promise<PushOutcome>;
};

/** A push waits this long for a device that is off, then the push service drops it: it is news, not mail. */
const TIME_TO_LIVE_SECONDS = 4 * 60 * 60;

/** `agent`: how to reach the push services (tests give one that trusts their fake service's certificate). */
export function createPushSender(keys: VapidKeys, options: { agent?: Agent } = {}): PushSender {
  return {
    async send(device, payload) {
      try {
        await webpush.sendNotification(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          payload,
          {
            vapidDetails: keys,
            TTL: TIME_TO_LIVE_SECONDS,
            urgency: "normal",
            timeout: 10_000,
            ...(options.agent && { agent: options.agent }),
          },
        );
        return "sent";
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        return status === 404 || status === 410 ? "gone" : "failed";
      }
    },
  };
}

/** A new key pair, made once for a deployment (src/server/main.ts keeps it in DATA_DIR). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
