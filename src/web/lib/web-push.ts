// The browser's side of push notifications (issue 26): whether it can receive them, and this device's
// subscription with the push service its browser uses.

/** Whether this browser can receive pushes at all (an iPhone only once Lamplight is on the home screen). */
export const pushSupported = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window;

/** The service worker's registration, or null when none takes the page (development, or no support). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** A VAPID public key (base64url) as the push manager takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/** Asks the reader's permission, then subscribes this device; null when they said no or it cannot. */
export async function subscribeDevice(publicKey: string): Promise<PushSubscription | null> {
  const worker = await registration();
  if (!worker) return null;
  if ((await Notification.requestPermission()) !== "granted") return null;
  return worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
}
