// What the story screens and the story routes say when something goes wrong, without zod: a story page
// shows these before the reader does anything, and a phone should not load and run the schema library for
// that. src/core/stories/generation-events.ts re-exports them.

export const STORY_MESSAGES = {
  generationFailed: "I'm having trouble generating content right now. Please try again.",
  connectionFailed:
    "I'm having trouble connecting right now. Please check your internet connection and try again.",
  imageFailed: "Failed to generate image",
  invalidStyle: "Invalid style selected",
  noStoryContent: "No story content available for image generation",
  storyNotFound: "Story not found",
  unreachedLayer: "Please finish the layers before this one first.",
  readLayerFirst: "Please read this layer before moving on.",
  storyLocked: (level: number) => `Reach Level ${level} to open this story.`,
} as const;
