import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

export const messagesQuery = (groupId: string) =>
  infiniteQueryOptions({
    queryKey: ["group", groupId, "messages"],
    queryFn: ({ pageParam }) =>
      unwrap(
        api.groups[":groupId"].messages.$get({
          param: { groupId },
          query: pageParam ? { before: String(pageParam) } : {},
        }),
      ),
    initialPageParam: null as number | null,
    // Pages go back in time: the next page is the one before the oldest message shown.
    getNextPageParam: (page) => (page.hasMore ? (page.messages[0]?.id ?? null) : null),
  });

type MessagePage = Awaited<ReturnType<NonNullable<ReturnType<typeof messagesQuery>["queryFn"]>>>;
export type GroupChatMessage = MessagePage["messages"][number];

export function useMessages(groupId: string) {
  return useInfiniteQuery(messagesQuery(groupId));
}

/** Adds a message (sent here, or arriving live) to the newest page, once. */
export function addMessage(queryClient: QueryClient, groupId: string, message: GroupChatMessage) {
  queryClient.setQueryData(
    messagesQuery(groupId).queryKey,
    (data: InfiniteData<MessagePage, unknown> | undefined) => {
      if (!data) return data;
      if (data.pages.some((page) => page.messages.some((existing) => existing.id === message.id)))
        return data;
      const [newest, ...older] = data.pages;
      if (!newest) return data;
      return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
    },
  );
}
