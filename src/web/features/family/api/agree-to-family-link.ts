import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FAMILY_MESSAGES, type FamilyPermissions } from "../../../../core/family";
import { ApiError, api, unwrap } from "../../../lib/api-client";
import { sessionQuery, signInWithEmail } from "../../auth";
import { signUpParent } from "./sign-up-parent";

/** The parent's account for 'I agree', when nobody (or a child) is signed in on this device. */
export type ParentAccount = { kind: "new" | "existing"; email: string; password: string };

export type AgreeInput = {
  token: string;
  /** The switches, for a consent that comes with them. */
  permissions?: FamilyPermissions;
  account?: ParentAccount;
};

async function signInParent({ kind, email, password }: ParentAccount) {
  if (kind === "new") await signUpParent({ email, password });
  try {
    await signInWithEmail({ email, password });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401)
      throw new ApiError(FAMILY_MESSAGES.parentSignInFailed, 401, error.code);
    throw error;
  }
}

/**
 * 'I agree' on the consent page, in one press: the parent's account is made or signed in to first, then the
 * link is agreed to. Afterwards this device's session is the parent's, so the session is read again either way
 * (a sign-in that worked before a refused 'agree' still changed it).
 */
export function useAgreeToFamilyLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ token, permissions, account }: AgreeInput) => {
      if (account) await signInParent(account);
      return unwrap(api.family.agree.$post({ json: { token, permissions } }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}
