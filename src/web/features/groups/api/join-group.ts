import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "../../../lib/api-client";

/**
 * What the join dialog says when joining fails (spec §8): the server's own words when it refused the code (no such
 * group, already a member, too many tries); anything unexpected (a network failure, a server fault) is
 * 'Failed to join group: {message}'.
 */
export function joinFailureMessage(error: Error) {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return refused ? error.message : `Failed to join group: ${error.message}`;
}

export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => unwrap(api.groups.join.$post({ json: { code } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["groups"] }),
  });
}
