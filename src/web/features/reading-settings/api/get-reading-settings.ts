import { DEFAULT_READING_SETTINGS, type ReadingSettings } from "../../../../core/reading-settings";
import { useProfile } from "../../profile";

/**
 * The reader's reading settings, which come with the profile every signed-in page already loads. `known` is false
 * only while the profile is on its way; a profile that failed to load reads as the default look.
 */
export function useReadingSettings(): { settings: ReadingSettings; known: boolean } {
  const { data, isPending } = useProfile();
  return { settings: data?.readingSettings ?? DEFAULT_READING_SETTINGS, known: !isPending };
}
