// The Bible's words where the app shows them: a verse reference's popover (its reads load with it).
export { VERSE_POPOVER_MESSAGES, VersePopover } from "./components/verse-popover";
