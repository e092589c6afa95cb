import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Profile } from "../../../../core/schemas/profile";
import { api, unwrap } from "../../../lib/api-client";

export const profileQuery = queryOptions({
  queryKey: ["profile"],
  queryFn: (): Promise<Profile> => unwrap(api.profile.$get()),
});

export function useProfile() {
  return useQuery(profileQuery);
}
