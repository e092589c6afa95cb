/**
 * An event handler that starts loading a lazily loaded module (a dialog, a menu) as the user reaches for what
 * opens it, so that it is usually there by the click. A warm-up only: if it fails, the real use asks again and
 * handles the failure.
 */
export const preload = (load: () => Promise<unknown>) => () => void load().catch(() => {});
