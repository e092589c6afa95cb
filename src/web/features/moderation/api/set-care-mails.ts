import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CareMailsLeader } from "../../../../core/schemas/moderation";
import { api, unwrap } from "../../../lib/api-client";
import { careMailsQuery } from "./get-care-mails";

function setInList(queryClient: QueryClient, userId: string, careMails: boolean) {
  queryClient.setQueryData(careMailsQuery.queryKey, (data) =>
    data
      ? { leaders: data.leaders.map((leader) => (leader.id === userId ? { ...leader, careMails } : leader)) }
      : data,
  );
}

/** An admin's switch for one leader: it moves at once, and goes back if the server refuses. */
export function useSetCareMails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, on }: { userId: string; on: boolean }): Promise<CareMailsLeader> =>
      unwrap(api.leader["care-mails"][":userId"].$put({ param: { userId }, json: { on } })),
    onMutate: async ({ userId, on }) => {
      await queryClient.cancelQueries({ queryKey: careMailsQuery.queryKey });
      const before = queryClient
        .getQueryData(careMailsQuery.queryKey)
        ?.leaders.find((leader) => leader.id === userId)?.careMails;
      setInList(queryClient, userId, on);
      return { before };
    },
    onError: (_error, { userId }, context) => {
      if (context?.before !== undefined) setInList(queryClient, userId, context.before);
    },
    onSuccess: (saved) => setInList(queryClient, saved.id, saved.careMails),
  });
}
