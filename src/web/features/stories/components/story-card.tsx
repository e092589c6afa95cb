import { Lock, Star } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../../app/paths";
import { buttonClass } from "../../../components/ui/button";

export type StoryCardStory = { slug: string; title: string; blurb: string; difficulty: number };

/** A story in the catalogue: level badge, stars equal to its difficulty, locked below that level (spec §2). */
export function StoryCard({ story, userLevel }: { story: StoryCardStory; userLevel: number }) {
  const locked = userLevel < story.difficulty;
  return (
    <article className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between">
        <span className="rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-semibold text-indigo-900">
          Level {story.difficulty}
        </span>
        <span className="flex" role="img" aria-label={`Difficulty ${story.difficulty} of 5`}>
          {Array.from({ length: story.difficulty }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the stars are identical and never reorder
            <Star key={index} aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
          ))}
        </span>
      </div>
      <h3 className="text-lg font-bold text-slate-900">{story.title}</h3>
      <p className="flex-1 text-sm text-slate-700">{story.blurb}</p>
      {locked ? (
        <p className="inline-flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-700">
          <Lock aria-hidden="true" className="size-4" />
          Reach Level {story.difficulty}
        </p>
      ) : (
        <Link to={paths.story(story.slug)} className={buttonClass("primary")}>
          Start Reading
          <span className="sr-only">: {story.title}</span>
        </Link>
      )}
    </article>
  );
}
