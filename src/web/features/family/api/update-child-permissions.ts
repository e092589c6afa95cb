import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FamilyPermissions } from "../../../../core/family";
import type { FamilyChild } from "../../../../core/schemas/family";
import { api, unwrap } from "../../../lib/api-client";
import { familyQuery } from "./get-family";

function withPermissions(childId: string, permissions: FamilyPermissions) {
  return (family: { children: FamilyChild[] } | undefined) =>
    family && {
      ...family,
      children: family.children.map((child) => (child.id === childId ? { ...child, permissions } : child)),
    };
}

/**
 * A parent's switches for one child, sent all three at once. The switch moves at once (a parent expects a
 * switch to switch) and moves back if the server refuses.
 */
export function useUpdateChildPermissions(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permissions: FamilyPermissions) =>
      unwrap(api.family.children[":childId"].permissions.$put({ param: { childId }, json: permissions })),
    onMutate: async (permissions) => {
      await queryClient.cancelQueries({ queryKey: familyQuery.queryKey });
      const before = queryClient.getQueryData(familyQuery.queryKey);
      queryClient.setQueryData(familyQuery.queryKey, withPermissions(childId, permissions));
      return { before };
    },
    onError: (_error, _permissions, context) => {
      if (context?.before) queryClient.setQueryData(familyQuery.queryKey, context.before);
    },
    onSuccess: ({ permissions }) =>
      queryClient.setQueryData(familyQuery.queryKey, withPermissions(childId, permissions)),
  });
}
