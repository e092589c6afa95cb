import { CheckCircle2 } from "lucide-react";
import { type ReactNode, type Ref, useId } from "react";
import { Link } from "react-router";
import { ASSIGNMENT_MESSAGES, type Assignment } from "../../../../core/schemas/assignments";
import { buttonClass } from "../../../components/ui/button";
import { paths } from "../../../lib/paths";
import { formatDueDate } from "./assignment-dates";

export const THIS_WEEKS_STORY = "This week's story";

/** 'Read layers 1–2', or 'Read layer 1' when only the first is asked. */
export function layersToRead(layers: number): string {
  return layers === 1 ? "Read layer 1" : `Read layers 1–${layers}`;
}

/**
 * 'This week's story' as a reader sees it, on the group page and on home: what to read, by when, how far they
 * are, and the way straight to it. `from` names the group on home, where cards of several groups stand together.
 */
export function AssignmentCard({
  assignment,
  from,
  actions,
  headingRef,
}: {
  assignment: Assignment;
  from?: string;
  /** The leader's 'Change' and 'Clear'. */
  actions?: ReactNode;
  /** So that the focus has somewhere to go when the button that opened a dialog is gone. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const headingId = useId();
  const titleId = useId();
  const { story, layers, dueDate, mine } = assignment;
  const progress = ASSIGNMENT_MESSAGES.progressLayers(mine.layersRead, layers);

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-indigo-200 bg-indigo-50 p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="text-sm font-bold text-indigo-900 uppercase"
          >
            {THIS_WEEKS_STORY}
          </h2>
          <p id={titleId} className="text-xl font-extrabold wrap-anywhere text-slate-900">
            {from ? ASSIGNMENT_MESSAGES.homeCard(from, story.title) : story.title}
          </p>
          <p className="text-slate-700">
            {layersToRead(layers)}
            {dueDate && <> · Due {formatDueDate(dueDate)}</>}
          </p>
        </div>
        {actions && <div className="flex gap-2">{actions}</div>}
      </div>
      <div className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-3 text-sm font-medium text-slate-800">
          <span>{progress}</span>
          {mine.completed && (
            <span className="inline-flex items-center gap-1 font-bold text-emerald-800">
              <CheckCircle2 aria-hidden="true" className="size-4" />
              Completed
            </span>
          )}
        </div>
        <div
          role="progressbar"
          aria-label="Your progress"
          aria-valuemin={0}
          aria-valuemax={layers}
          aria-valuenow={mine.layersRead}
          aria-valuetext={progress}
          className="h-2 overflow-hidden rounded-full bg-white"
        >
          <div
            className="h-full rounded-full bg-indigo-700"
            style={{ width: `${Math.min(100, (mine.layersRead / layers) * 100)}%` }}
          />
        </div>
      </div>
      <Link
        to={paths.story(story.slug)}
        aria-describedby={titleId}
        className={buttonClass("primary", "self-start")}
      >
        Read it now
      </Link>
    </section>
  );
}
