import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import type { ConversationSummary } from "../../../../core/schemas/qna";
import { api, unwrap } from "../../../lib/api-client";

/**
 * Which conversations a list holds: those whose title contains `q` (any case; all when blank) and, with
 * `folder`, only those in that folder (its id) or in none (`"none"`).
 */
export type ConversationFilter = { q?: string; folder?: string };

/** Each page says which list it belongs to, so a change made here knows where a conversation goes. */
export type ConversationPage = {
  conversations: ConversationSummary[];
  nextCursor: string | null;
  q: string;
  /** null: every folder. */
  folder: string | null;
};

/** Every list of conversations, whatever its search or folder: what a change to a conversation invalidates. */
export const conversationsKey = ["qna", "conversations"] as const;

/** A list of conversations, latest activity first, a page at a time. */
export const conversationsQuery = ({ q: rawQ = "", folder }: ConversationFilter) => {
  const q = rawQ.trim();
  return infiniteQueryOptions({
    queryKey: [...conversationsKey, { q, folder: folder ?? null }],
    queryFn: async ({ pageParam, signal }): Promise<ConversationPage> => {
      const page = await unwrap(
        api.qna.conversations.$get(
          {
            query: {
              ...(q ? { q } : {}),
              ...(folder ? { folder } : {}),
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
          { init: { signal } },
        ),
      );
      return { ...page, q, folder: folder ?? null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
};

export function useConversations(filter: ConversationFilter, { enabled = true } = {}) {
  // While a new search is on its way, the list of the last one stays in place rather than blinking to a spinner.
  return useInfiniteQuery({ ...conversationsQuery(filter), enabled, placeholderData: keepPreviousData });
}

type ConversationsData = InfiniteData<ConversationPage, unknown>;

function belongsIn(conversation: ConversationSummary, { q, folder }: ConversationPage) {
  const inFolder = folder === null || folder === (conversation.folderId ?? "none");
  return inFolder && conversation.title.toLowerCase().includes(q.toLowerCase());
}

/**
 * Changes (or, returning null, removes) a conversation in every loaded list, and takes it out of the lists it no
 * longer belongs in (moved to another folder, renamed out of a search). Lists it now belongs in get it when they
 * refetch, in the server's order.
 */
export function updateConversations(
  queryClient: QueryClient,
  update: (conversation: ConversationSummary) => ConversationSummary | null,
) {
  queryClient.setQueriesData<ConversationsData>({ queryKey: conversationsKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            conversations: page.conversations.flatMap((conversation) => {
              const updated = update(conversation);
              return updated && belongsIn(updated, page) ? updated : [];
            }),
          })),
        }
      : data,
  );
}

/** A conversation with new activity goes to the top of every list it belongs in. */
export function moveConversationToTop(queryClient: QueryClient, conversation: ConversationSummary) {
  for (const [queryKey, data] of queryClient.getQueriesData<ConversationsData>({
    queryKey: conversationsKey,
  })) {
    if (!data) continue;
    const pages = data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.filter((existing) => existing.id !== conversation.id),
    }));
    const [first, ...rest] = pages;
    if (!first) continue;
    const top = belongsIn(conversation, first) ? [conversation, ...first.conversations] : first.conversations;
    queryClient.setQueryData<ConversationsData>(queryKey, {
      ...data,
      pages: [{ ...first, conversations: top }, ...rest],
    });
  }
}
