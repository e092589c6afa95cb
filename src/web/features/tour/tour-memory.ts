// Whether a child has seen the first-run tour, per account on this device. The tour is a welcome, not a lock:
// a cleared browser or a new device may show it again to an account that has still read nothing.

const key = (userId: string) => `lamplight:tour-seen:${userId}`;

export function hasSeenTour(userId: string): boolean {
  try {
    return window.localStorage.getItem(key(userId)) !== null;
  } catch {
    // Storage refused (private mode, a locked-down browser): no tour rather than one on every visit.
    return true;
  }
}

export function rememberTourSeen(userId: string): void {
  try {
    window.localStorage.setItem(key(userId), new Date().toISOString());
  } catch {
    // Nothing to do: hasSeenTour says "seen" when storage cannot be read either.
  }
}
