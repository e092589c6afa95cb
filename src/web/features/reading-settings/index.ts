// What other features may use of the reading settings: the button that opens them, and the look they give text.
export { ReadingSettingsButton } from "./components/reading-settings-button";
export type { ReadingStyle } from "./components/reading-style";
export { useReadingStyle } from "./hooks/use-reading-style";
