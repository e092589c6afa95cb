export type SessionUser = { id: string; email: string };

/**
 * Sessions the database confirmed in the last few seconds, by the request's Cookie header. Looking a session
 * up costs a database round trip on every request, the largest part of a cheap read such as a feed page;
 * a child's screen asks several in a row. A revoked session may live on for at most `ttlMs` on another
 * instance; on this one, sign-out, a password change or reset and account deletion forget it at once.
 */
export function createSessionCache({ ttlMs = 15_000, maxEntries = 10_000 } = {}) {
  const entries = new Map<string, { user: SessionUser; until: number }>();
  return {
    get(cookieHeader: string | undefined): SessionUser | undefined {
      if (!cookieHeader) return undefined;
      const entry = entries.get(cookieHeader);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.user;
      entries.delete(cookieHeader);
      return undefined;
    },
    set(cookieHeader: string | undefined, user: SessionUser, sessionExpiresAt: Date) {
      if (!cookieHeader) return;
      // A full cache starts over rather than tracking use: entries live seconds, so little is lost.
      if (entries.size >= maxEntries) entries.clear();
      entries.set(cookieHeader, { user, until: Math.min(Date.now() + ttlMs, sessionExpiresAt.getTime()) });
    },
    /** The user's sessions end (sign-out, password change, deletion): no cached entry may outlive them. */
    forgetUser(userId: string) {
      for (const [key, entry] of entries) if (entry.user.id === userId) entries.delete(key);
    },
    /** A password reset ends sessions of a user the request does not name. */
    clear() {
      entries.clear();
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
