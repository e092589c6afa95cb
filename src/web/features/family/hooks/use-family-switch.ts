import { useQuery } from "@tanstack/react-query";
import type { FamilySwitchKey } from "../../../../core/family";
import { sessionQuery } from "../../auth";

/**
 * The session as the app has read it. Only listened to, never fetched from here: the app reads the session before
 * any signed-in screen shows, and reads it again when it changes (a switch turned off, see query-client.ts).
 */
function useSessionUser() {
  return useQuery({ ...sessionQuery, enabled: false }).data?.user ?? null;
}

/**
 * Whether the parent's switch `key` lets this reader use the thing it covers. True for everyone whose account no
 * parent switches (permissions null), and while the session is unknown: the server refuses what is off anyway,
 * so this only hides what would be refused.
 */
export function useFamilySwitch(key: FamilySwitchKey): boolean {
  const permissions = useSessionUser()?.permissions;
  return permissions ? permissions[key] : true;
}

/** The account's place in a family: what the navigation, the home page and the profile show for it. */
export function useFamilyAccount() {
  const user = useSessionUser();
  const isParentAccount = user?.role === "parent";
  return {
    /** A parent's own account: it reads no stories and joins no groups, so it sees only its family. */
    isParentAccount,
    /** Anyone linked to a child as a parent sees 'Your family' (a leader may be a parent too). */
    seesFamily: isParentAccount || user?.hasChildren === true,
    /** A reader aged 13 to 17 may add a parent from the profile. */
    canAddParent: user?.canAddParent === true,
  };
}
