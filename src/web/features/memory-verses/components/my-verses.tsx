import { BookHeart } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { addDays, LEITNER_BOXES, MEMORY_VERSE_MESSAGES } from "../../../../core/memory-verses";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { paths } from "../../../lib/paths";
import { useMemoryVerses } from "../api/get-memory-verses";

const LOAD_FAILED = "We couldn't load your verses.";

/** Today in the reader's own calendar, as the server counts their days. */
function localToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}

/** When a verse comes back: today (when due), tomorrow, or its date. */
export function nextReviewLabel(dueOn: string, due: boolean, today = localToday()): string {
  if (due) return "Review today";
  if (dueOn === addDays(today, 1)) return "Next review tomorrow";
  // The day as the reader's calendar names it; read at midday UTC so no time zone moves it to another day.
  const date = new Date(`${dueOn}T12:00:00Z`).toLocaleDateString(undefined, {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  return `Next review ${date}`;
}

/** 'My verses' on the profile: each learnt verse with its story, its box and when it comes back. */
export function MyVerses() {
  const memoryVerses = useMemoryVerses();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {MEMORY_VERSE_MESSAGES.myVerses}
      </h2>
      {memoryVerses.isPending ? (
        <Spinner label="Loading your verses" />
      ) : memoryVerses.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-slate-700">{LOAD_FAILED}</p>
          <Button variant="secondary" onClick={() => memoryVerses.refetch()}>
            Try again
          </Button>
        </div>
      ) : memoryVerses.data.verses.length === 0 ? (
        <p className="text-slate-700">
          No verses yet. Each story has a memory verse: open one in{" "}
          <Link to={paths.stories} className="font-semibold text-indigo-800 underline underline-offset-4">
            Stories
          </Link>{" "}
          and choose '{MEMORY_VERSE_MESSAGES.learn}'.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {memoryVerses.data.verses.map((verse) => (
            <li
              key={verse.story.slug}
              className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="flex items-start gap-2">
                <BookHeart aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
                <div className="flex flex-col">
                  <p className="font-bold text-slate-900">{verse.reference}</p>
                  <Link
                    to={paths.story(verse.story.slug)}
                    className="text-sm font-medium text-indigo-800 underline-offset-4 hover:underline"
                  >
                    {verse.story.title}
                  </Link>
                </div>
              </div>
              <p className="text-sm text-slate-800 italic">“{verse.text}”</p>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="rounded-full bg-indigo-50 px-2.5 py-0.5 font-semibold text-indigo-900 ring-1 ring-indigo-200">
                  Box {verse.box} of {LEITNER_BOXES}
                </span>
                <span className={verse.due ? "font-semibold text-amber-900" : "text-slate-700"}>
                  {nextReviewLabel(verse.dueOn, verse.due)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
