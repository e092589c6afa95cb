import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

export type MemberSuggestion = { id: string; username: string; avatarUrl: string | null };

/** Up to 5 other members of the group whose usernames contain `q` (spec §5), for @mention suggestions. */
export const memberSearchQuery = (groupId: string, q: string) =>
  queryOptions({
    queryKey: ["group", groupId, "members", q.toLowerCase()],
    queryFn: async ({ signal }): Promise<MemberSuggestion[]> => {
      const { members } = await unwrap(
        api.groups[":groupId"].members.$get({ param: { groupId }, query: { q } }, { init: { signal } }),
      );
      // Members without a username cannot be mentioned.
      return members.filter((member): member is MemberSuggestion => Boolean(member.username));
    },
    // Who is in a group changes slowly; typing back and forth should not ask again.
    staleTime: 30_000,
  });
