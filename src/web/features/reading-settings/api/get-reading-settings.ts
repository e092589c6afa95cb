import { useQuery } from "@tanstack/react-query";
import { DEFAULT_READING_SETTINGS, type ReadingSettings } from "../../../../core/reading-settings";
import type { Profile } from "../../../../core/schemas/profile";
import { profileQuery } from "../../profile";

/** Only the settings: a page that reads them is not drawn again when the XP in the same profile changes. */
const selectSettings = (profile: Profile) => profile.readingSettings;

/**
 * The reader's reading settings, which come with the profile every signed-in page already loads. `known` is false
 * only while the profile is on its way; a profile that failed to load reads as the default look.
 */
export function useReadingSettings(): { settings: ReadingSettings; known: boolean } {
  const { data, isPending } = useQuery({ ...profileQuery, select: selectSettings });
  return { settings: data ?? DEFAULT_READING_SETTINGS, known: !isPending };
}
