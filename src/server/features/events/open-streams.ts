/** At most this many open `/api/events` streams per user on one instance (EVENT_STREAMS_PER_USER). */
export const DEFAULT_EVENT_STREAMS_PER_USER = 5;
/** At most this many open `/api/events` streams on one instance (EVENT_STREAMS_MAX). */
export const DEFAULT_EVENT_STREAMS_MAX = 5000;

export type StreamLimits = {
  /** 0 = no limit. */
  perUser: number;
  /** 0 = no limit. */
  total: number;
};

type OpenStream = { userId: string; replace: () => void };

/**
 * The event streams open on this instance, by user, oldest first. One account may not hold more than a few
 * (each is a socket, a file handle, a bus subscription): a new one beyond the per-user limit replaces that
 * user's oldest. Beyond the instance's total a new stream is refused, unless it replaces one of the user's own.
 * Checking and counting are one synchronous step, so streams opened in parallel cannot pass the limit together.
 */
export function createOpenStreams() {
  const byUser = new Map<string, Set<OpenStream>>();
  let count = 0;

  const remove = (stream: OpenStream) => {
    const own = byUser.get(stream.userId);
    if (!own?.delete(stream)) return;
    count -= 1;
    if (own.size === 0) byUser.delete(stream.userId);
  };

  return {
    /** Streams open now. */
    get count() {
      return count;
    },
    /** Streams of one user open now. */
    countOf(userId: string) {
      return byUser.get(userId)?.size ?? 0;
    },
    /**
     * Makes room for a new stream of `userId`: ends their oldest streams past the per-user limit (each is told
     * through its `replace`), then counts the new one in. Gives back the function that counts it out again
     * (call it however the stream ends; a second call does nothing), or undefined when the instance is full.
     */
    admit(userId: string, limits: StreamLimits, replace: () => void): (() => void) | undefined {
      let own = byUser.get(userId);
      const replacing = limits.perUser > 0 && (own?.size ?? 0) >= limits.perUser;
      if (!replacing && limits.total > 0 && count >= limits.total) return undefined;
      while (own && limits.perUser > 0 && own.size >= limits.perUser) {
        const oldest: OpenStream | undefined = own.values().next().value;
        if (!oldest) break;
        remove(oldest);
        oldest.replace();
        own = byUser.get(userId);
      }
      const stream: OpenStream = { userId, replace };
      if (!own) {
        own = new Set();
        byUser.set(userId, own);
      }
      own.add(stream);
      count += 1;
      return () => remove(stream);
    },
  };
}

export type OpenStreams = ReturnType<typeof createOpenStreams>;
