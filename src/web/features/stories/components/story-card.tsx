import { CheckCircle2, CloudDownload, Lock, Star } from "lucide-react";
import { Link } from "react-router";
import { LAYER_COUNT, readingAction } from "../../../../core/stories/layers";
import { buttonClass } from "../../../components/ui/button";
import { OFFLINE_MESSAGES } from "../../../lib/offline";
import { paths } from "../../../lib/paths";
import type { StoryListItem } from "../api/get-stories";
import { LevelGoal } from "./level-goal";
import { storyCoverUrl } from "./story-cover";

export type StoryCardStory = Pick<
  StoryListItem,
  "slug" | "title" | "blurb" | "difficulty" | "progress" | "preview"
>;

/**
 * A story in the catalogue (spec §2): its cover, level badge, stars equal to its difficulty, 'Layer n/3' once
 * started ('Layer 3/3' beside 'Completed' once done), and 'Start Reading', 'Continue' or 'Read Again'. Locked
 * below its level, it says how far away it is ('Reach Level 3 · 80 XP to go') and gives a taste of its first
 * lines. Its title is an h3 under a section's h2 (home), or an h2 straight under the page's h1 (/stories):
 * headings never skip a level.
 */
export function StoryCard({
  story,
  userLevel,
  userXp,
  headingLevel = 3,
  coverPriority = "lazy",
  availableOffline = false,
}: {
  story: StoryCardStory;
  userLevel: number;
  userXp: number;
  headingLevel?: 2 | 3;
  /**
   * How soon its cover loads: "lazy" (below the fold), "eager" (in the first screen), or "first" (the first
   * card of a list, whose cover is the screen's largest paint on a phone: asked for before anything else).
   */
  coverPriority?: "lazy" | "eager" | "first";
  /** Its page was kept on this device, so it opens with no connection (issue 26). */
  availableOffline?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const locked = userLevel < story.difficulty;
  const { progress } = story;
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      {/* The title is beside it, so the picture adds nothing to read: alt="". Sized, so the card never moves.
          Cropped a little below the middle: a scene's people stand in its lower half, under the sky. */}
      <img
        src={storyCoverUrl(story.slug, 256)}
        srcSet={`${storyCoverUrl(story.slug, 256)} 256w, ${storyCoverUrl(story.slug, 512)} 512w`}
        sizes="(min-width: 640px) 384px, 100vw"
        width={256}
        height={256}
        alt=""
        loading={coverPriority === "lazy" ? "lazy" : "eager"}
        fetchPriority={coverPriority === "first" ? "high" : "auto"}
        decoding="async"
        className={`aspect-[16/10] w-full rounded-xl bg-indigo-100 object-cover object-[50%_70%] ${locked ? "opacity-75 saturate-50" : ""}`}
      />
      <div className="flex items-center justify-between gap-2">
        <span className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-semibold text-indigo-900">
            Level {story.difficulty}
          </span>
          {availableOffline && (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
              <CloudDownload aria-hidden="true" className="size-3.5" />
              {OFFLINE_MESSAGES.availableOffline}
            </span>
          )}
        </span>
        <span className="flex" role="img" aria-label={`Difficulty ${story.difficulty} of 5`}>
          {Array.from({ length: story.difficulty }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the stars are identical and never reorder
            <Star key={index} aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
          ))}
        </span>
      </div>
      <Heading className="text-lg font-bold text-slate-900">{story.title}</Heading>
      <p className="flex-1 text-sm text-slate-700">{story.blurb}</p>
      {locked && story.preview && (
        <p className="border-l-4 border-amber-300 pl-3 text-sm text-slate-700 italic">
          <span className="sr-only">How it begins: </span>“{story.preview}”
        </p>
      )}
      {progress && !locked && (
        <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
          {progress.completed ? (
            <>
              <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-700" />
              Completed
              {/* Every layer read: the spec's 'Layer n/3' at its last layer. */}
              <span className="text-slate-700">
                Layer {LAYER_COUNT}/{LAYER_COUNT}
              </span>
            </>
          ) : (
            <>
              Layer {progress.currentLayer}/{LAYER_COUNT}
              <span aria-hidden="true" className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200">
                <span
                  className="block h-full rounded-full bg-indigo-700"
                  style={{ width: `${(progress.currentLayer / LAYER_COUNT) * 100}%` }}
                />
              </span>
            </>
          )}
        </p>
      )}
      {locked ? (
        <p className="inline-flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-700">
          <Lock aria-hidden="true" className="size-4 shrink-0" />
          <span>
            <LevelGoal difficulty={story.difficulty} xp={userXp} />
          </span>
        </p>
      ) : (
        <Link
          to={paths.story(story.slug)}
          aria-label={`${readingAction(progress)}: ${story.title}`}
          className={buttonClass(progress?.completed ? "secondary" : "primary")}
        >
          {readingAction(progress)}
        </Link>
      )}
    </article>
  );
}
