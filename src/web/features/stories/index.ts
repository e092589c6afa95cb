// What other features may use of the stories: the list, its card, and a story's text with its verses.
export { type StoryListItem, useStories } from "./api/get-stories";
export { StoryCard } from "./components/story-card";
export { StoryText } from "./components/story-text";
