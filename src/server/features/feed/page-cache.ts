import type { FeedAuthor, ReactionType } from "../../../core/schemas/feed";

/** A post of a cached page: what every member is shown, and who reacted how, for each reader's own reaction. */
export type SharedPost = {
  mediaUrl: string | null;
  mediaStatus: string | null;
  author: FeedAuthor;
  /** The post as JSON without `mediaUrl`, `userReaction` and the closing brace: the same for every reader. */
  commonJson: string;
  /** Reader id → their reaction on this post. */
  reactors: Map<string, ReactionType>;
  /** The post's newest comments for its card, serialised the same way: all but the reader's own reaction. */
  latestComments: { commonJson: string; reactors: Map<string, ReactionType> }[];
};

export type SharedFeedPage = { posts: SharedPost[]; nextCursor: string | null };

/**
 * Feed pages by group, cursor and the group's feed version. A page is the same for every member until the
 * version moves (triggers move it with every change a page shows, in the change's own transaction), so
 * a member's read costs the membership check alone, which reads the version too. A page is kept under the
 * version read before it was made: it may then be newer than that version, never older. At most `maxPages`
 * are kept (a page is some 10 KB, at most about 100 KB with twenty posts of 5,000 characters).
 */
export function createFeedPageCache({ maxPages = 500 } = {}) {
  const pages = new Map<string, { version: number; page: SharedFeedPage }>();
  const keyOf = (groupId: string, cursor: string | undefined) => `${groupId}|${cursor ?? ""}`;
  return {
    get(groupId: string, version: number, cursor: string | undefined): SharedFeedPage | undefined {
      const key = keyOf(groupId, cursor);
      const entry = pages.get(key);
      if (!entry || entry.version !== version) return undefined;
      // Most recently read last, so that a full cache lets go of the pages nobody reads.
      pages.delete(key);
      pages.set(key, entry);
      return entry.page;
    },
    set(groupId: string, version: number, cursor: string | undefined, page: SharedFeedPage) {
      const key = keyOf(groupId, cursor);
      pages.delete(key);
      if (pages.size >= maxPages) {
        const oldest = pages.keys().next().value;
        if (oldest !== undefined) pages.delete(oldest);
      }
      pages.set(key, { version, page });
    },
  };
}

export type FeedPageCache = ReturnType<typeof createFeedPageCache>;

declare module "../../http/app-env" {
  interface AppState {
    /** The feed's pages, the same for every member until the group's feed changes (createApp makes it). */
    feedPages: FeedPageCache;
  }
}
