import type { AccountState, FamilyPermissions } from "../../core/family";

/**
 * Who a session belongs to, and what every route must know before it runs (issue 24): whether the account
 * still waits for a parent, and the switches a parent set (null when none apply). Remembered with the session,
 * so a parent's change reaches this instance at once (`forgetUser`), and others within the cache's seconds.
 */
export type SessionUser = {
  id: string;
  email: string;
  accountState: AccountState;
  permissions: FamilyPermissions | null;
};

/**
 * Sessions the database confirmed in the last few seconds, by the request's Cookie header. Looking a session
 * up costs a database round trip on every request, the largest part of a cheap read such as a feed page;
 * a child's screen asks several in a row. A revoked session may live on for at most `ttlMs` on another
 * instance; on this one, sign-out, a password change or reset and account deletion forget it at once.
 */
export function createSessionCache({ ttlMs = 15_000, maxEntries = 10_000 } = {}) {
  const entries = new Map<string, { user: SessionUser; until: number }>();
  /** Look-ups under way: requests with the same cookie that miss together wait for one. */
  const pending = new Map<string, Promise<SessionUser | undefined>>();
  /** Moves when sessions end, so that a look-up that began before is not remembered after. */
  let generation = 0;

  const get = (cookieHeader: string | undefined): SessionUser | undefined => {
    if (!cookieHeader) return undefined;
    const entry = entries.get(cookieHeader);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.user;
    entries.delete(cookieHeader);
    return undefined;
  };
  const set = (cookieHeader: string, user: SessionUser, sessionExpiresAt: Date) => {
    // A full cache starts over rather than tracking use: entries live seconds, so little is lost.
    if (entries.size >= maxEntries) entries.clear();
    entries.set(cookieHeader, { user, until: Math.min(Date.now() + ttlMs, sessionExpiresAt.getTime()) });
  };
  const sessionsEnded = () => {
    generation += 1;
    pending.clear();
  };

  return {
    get,
    /**
     * The user of this Cookie header: remembered, or looked up with `lookUp`. Requests that miss at the same
     * moment share one look-up: when an entry runs out under load, every request in flight would otherwise
     * ask the database at once, and the queue behind them would wait for all of those answers.
     */
    async resolve(
      cookieHeader: string | undefined,
      lookUp: () => Promise<{ user: SessionUser; expiresAt: Date } | null>,
    ): Promise<SessionUser | undefined> {
      const known = get(cookieHeader);
      if (known) return known;
      if (!cookieHeader) return (await lookUp())?.user;
      const underWay = pending.get(cookieHeader);
      if (underWay) return underWay;
      const startedIn = generation;
      const lookup = lookUp()
        .then((found) => {
          if (found && startedIn === generation) set(cookieHeader, found.user, found.expiresAt);
          return found?.user;
        })
        .finally(() => {
          if (pending.get(cookieHeader) === lookup) pending.delete(cookieHeader);
        });
      pending.set(cookieHeader, lookup);
      return lookup;
    },
    /** The user's sessions end (sign-out, password change, deletion): no cached entry may outlive them. */
    forgetUser(userId: string) {
      sessionsEnded();
      for (const [key, entry] of entries) if (entry.user.id === userId) entries.delete(key);
    },
    /** A password reset ends sessions of a user the request does not name. */
    clear() {
      sessionsEnded();
      entries.clear();
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
