/**
 * The pictures that ship with Lamplight, for a child's profile.
 *
 * Why: an uploaded photo of a child has to wait for a leader's look before
 * anyone else sees it. These drawings are ours (animals and things from Bible
 * stories, never a person's face), so a child can choose one and show it at
 * once, with no approval and no photo of themselves. Shared by the server
 * (which accepts only these URLs without review) and the web picker.
 * The files live in `src/web/public/avatars/<id>.svg`.
 */
export const BUILT_IN_AVATARS = [
  { id: "lamb", label: "Lamb" },
  { id: "dove", label: "Dove" },
  { id: "lion", label: "Lion" },
  { id: "fish", label: "Fish" },
  { id: "whale", label: "Whale" },
  { id: "camel", label: "Camel" },
  { id: "donkey", label: "Donkey" },
  { id: "ark", label: "Ark" },
  { id: "oil-lamp", label: "Oil lamp" },
  { id: "star", label: "Star" },
  { id: "harp", label: "Harp" },
  { id: "scroll", label: "Scroll" },
  { id: "sling", label: "Sling" },
  { id: "rainbow", label: "Rainbow" },
  { id: "fig-tree", label: "Fig tree" },
  { id: "bread-basket", label: "Bread basket" },
] as const;

export type BuiltInAvatarId = (typeof BUILT_IN_AVATARS)[number]["id"];

export const builtInAvatarUrl = (id: BuiltInAvatarId) => `/avatars/${id}.svg`;

const BY_URL: ReadonlyMap<string, BuiltInAvatarId> = new Map(
  BUILT_IN_AVATARS.map((avatar) => [builtInAvatarUrl(avatar.id), avatar.id]),
);

/** Whether a stored avatar URL is one of ours (exact match against the list, never a prefix test). */
export function isBuiltInAvatarUrl(url: string): boolean {
  return BY_URL.has(url);
}

/** The id for a built-in URL, or null. */
export function builtInAvatarId(url: string): BuiltInAvatarId | null {
  return BY_URL.get(url) ?? null;
}
