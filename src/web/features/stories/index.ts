// What other features may use of the stories: the list, its card and cover, a story's text and verses.
export { type StoryListItem, storiesQuery, useStories } from "./api/get-stories";
export { StoryCard } from "./components/story-card";
export { StoryCover, storyCoverUrl } from "./components/story-cover";
export { StoryText } from "./components/story-text";
