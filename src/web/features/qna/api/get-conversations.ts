import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import type { ConversationSummary } from "../../../../core/schemas/qna";
import { api, unwrap } from "../../../lib/api-client";

/** `q` is the search the page answers. */
export type ConversationPage = { conversations: ConversationSummary[]; nextCursor: string | null; q: string };

/** Every list of conversations, whatever its search. */
export const conversationsKey = ["qna", "conversations"] as const;

/** The conversations whose title contains `q` (any case; all when blank), latest activity first, a page at a time. */
export const conversationsQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...conversationsKey, q],
    queryFn: async ({ pageParam, signal }): Promise<ConversationPage> => {
      const page = await unwrap(
        api.qna.conversations.$get(
          { query: { ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) } },
          { init: { signal } },
        ),
      );
      return { ...page, q };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useConversations(q: string) {
  // While a new search is on its way, the list of the last one stays in place rather than blinking to a spinner.
  return useInfiniteQuery({ ...conversationsQuery(q), placeholderData: keepPreviousData });
}

type ConversationsData = InfiniteData<ConversationPage, unknown>;

function matches(conversation: ConversationSummary, q: string) {
  return conversation.title.toLowerCase().includes(q.trim().toLowerCase());
}

/** Changes (or, returning null, removes) a conversation in every loaded list. */
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
            conversations: page.conversations.flatMap((conversation) => update(conversation) ?? []),
          })),
        }
      : data,
  );
}

/** A conversation with new activity goes to the top of every list whose search it matches. */
export function moveConversationToTop(queryClient: QueryClient, conversation: ConversationSummary) {
  for (const [queryKey, data] of queryClient.getQueriesData<ConversationsData>({
    queryKey: conversationsKey,
  })) {
    if (!data) continue;
    const q = data.pages[0]?.q ?? "";
    const pages = data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.filter((existing) => existing.id !== conversation.id),
    }));
    const [first, ...rest] = pages;
    if (!first) continue;
    const top = matches(conversation, q) ? [conversation, ...first.conversations] : first.conversations;
    queryClient.setQueryData<ConversationsData>(queryKey, {
      ...data,
      pages: [{ ...first, conversations: top }, ...rest],
    });
  }
}
