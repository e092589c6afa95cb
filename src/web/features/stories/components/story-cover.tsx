import { useState } from "react";

/** The sizes the server renders a story's cover at (square WebP). */
export type CoverSize = 256 | 512;

/** A story's cover picture: the library's own art, the same for every reader. */
export function storyCoverUrl(slug: string, size: CoverSize = 256): string {
  return `/api/stories/${encodeURIComponent(slug)}/cover.webp?size=${size}`;
}

/** Soft tiles for a cover that cannot be shown; the text on them keeps AA contrast. */
const TILES = [
  "bg-amber-100 text-amber-950",
  "bg-indigo-100 text-indigo-950",
  "bg-emerald-100 text-emerald-950",
  "bg-sky-100 text-sky-950",
  "bg-rose-100 text-rose-950",
];

/** Each story keeps its colour wherever its tile shows. */
function tileFor(slug: string): string {
  let hash = 0;
  for (const character of slug) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return TILES[hash % TILES.length] as string;
}

/**
 * A story's square cover, lazy and sized so nothing shifts while it loads. It is decoration: the story's title
 * always stands beside it, so the picture has no text alternative, and when it cannot load (not drawn yet, or
 * offline) a soft coloured tile shows the title instead, hidden from screen readers, which read it beside.
 */
export function StoryCover({
  slug,
  title,
  size = 256,
  className = "",
}: {
  slug: string;
  title: string;
  size?: CoverSize;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const frame = `aspect-square overflow-hidden rounded-xl ${className}`;
  if (failed)
    return (
      <div
        aria-hidden="true"
        data-cover-fallback
        className={`${frame} flex items-center justify-center p-2 text-center text-sm font-bold ${tileFor(slug)}`}
      >
        {title}
      </div>
    );
  return (
    <img
      src={storyCoverUrl(slug, size)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={`${frame} bg-slate-100 object-cover`}
    />
  );
}
