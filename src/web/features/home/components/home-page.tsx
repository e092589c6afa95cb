import { BookOpen, MessageCircleQuestion, User, Users } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, Navigate } from "react-router";
import { Lumi } from "../../../components/lumi";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { paths } from "../../../lib/paths";
import { useFamilyAccount, useFamilySwitch } from "../../family";
import { MyAssignments } from "../../groups";
import { DailyGoalRing } from "../../learning";
import { useMemoryVerses, VersesToReview } from "../../memory-verses";
import { useProfile } from "../../profile";
import { StoryCard, useStories } from "../../stories";
import { journeyStories } from "../journey-stories";
import { isNewReader } from "../new-reader";

// The tour brings the dialog library, which only a new reader's visits need; it checks itself whether this
// account has seen it already.
const FirstRunTour = lazy(() => import("../../tour").then((module) => ({ default: module.FirstRunTour })));

const quickTiles = [
  { to: paths.stories, label: "Stories", text: "Read and explore", icon: BookOpen },
  { to: paths.groups, label: "Groups", text: "Learn together", icon: Users },
  { to: paths.qna, label: "Q&A", text: "Ask the AI helper", icon: MessageCircleQuestion },
  { to: paths.profile, label: "Profile", text: "Your progress", icon: User },
];

function StatTile({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 text-center shadow-sm">
      <p className="text-3xl font-extrabold text-indigo-900">{value}</p>
      <p className="text-sm font-medium text-slate-700">{label}</p>
    </div>
  );
}

/** A parent's own account has no reading to come home to: its home is its family. */
export default function HomePage() {
  const { isParentAccount } = useFamilyAccount();
  if (isParentAccount) return <Navigate to={paths.family} replace />;
  return <ReaderHome />;
}

/** The quick links a child's parent has not switched off. */
function useQuickTiles() {
  const groupsAllowed = useFamilySwitch("groups");
  const aiHelperAllowed = useFamilySwitch("aiHelper");
  return quickTiles.filter(
    ({ to }) => (to !== paths.groups || groupsAllowed) && (to !== paths.qna || aiHelperAllowed),
  );
}

function ReaderHome() {
  const profile = useProfile();
  const tiles = useQuickTiles();
  // A parent who switched groups off: no group's story here, and not even the request for it.
  const groupsAllowed = useFamilySwitch("groups");
  const stories = useStories();
  // Asked alongside the profile rather than once it has come, so that the verses to review show with the rest.
  useMemoryVerses();
  // Decided once per visit, so the tour does not come back when a later read changes the profile.
  const [tourOpen, setTourOpen] = useState<boolean | null>(null);

  if (profile.isPending) return <Spinner label="Loading your dashboard" className="size-8" />;
  if (profile.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-slate-700">We couldn't load your dashboard. Please try again.</p>
        <Button variant="secondary" onClick={() => profile.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { id: userId, username, level, xp, completedStories } = profile.data;
  const newReader = isNewReader(xp, stories.data);
  if (tourOpen === null && (stories.isSuccess || xp > 0)) setTourOpen(newReader);

  return (
    <div className="flex flex-col gap-8">
      <title>Home · Lamplight</title>
      <section
        aria-labelledby="greeting"
        className="rounded-2xl bg-gradient-to-br from-indigo-800 to-indigo-950 p-6 text-white"
      >
        <h1 id="greeting" className="text-3xl font-extrabold">
          {newReader ? "Welcome!" : `Welcome back, ${username ?? "friend"}!`}
        </h1>
        <p className="mt-1 text-indigo-100">Ready for today's adventure in God's Word?</p>
      </section>

      <section aria-label="Your stats" className="grid grid-cols-3 gap-3 sm:gap-4">
        <StatTile label="Level" value={level} />
        <StatTile label="XP Points" value={xp} />
        <StatTile label="Completed" value={completedStories} />
      </section>

      {/* Its own read, shown when it comes: the rest of home never waits for it. */}
      {groupsAllowed && <MyAssignments />}

      <DailyGoalRing />

      <VersesToReview />

      <nav aria-label="Quick links">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
          {tiles.map(({ to, label, text, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex h-full flex-col items-center gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-center shadow-sm hover:border-indigo-400 hover:bg-indigo-50"
              >
                <Icon aria-hidden="true" className="size-7 text-indigo-700" />
                <span className="font-bold text-slate-900">{label}</span>
                <span className="text-xs text-slate-700">{text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="continue-journey" className="flex flex-col gap-4">
        <div className="flex items-baseline justify-between">
          <h2 id="continue-journey" className="text-2xl font-bold text-slate-900">
            Continue Your Journey
          </h2>
          <Link
            to={paths.stories}
            className="font-semibold text-indigo-800 underline-offset-4 hover:underline"
          >
            View all
          </Link>
        </div>
        {stories.isPending ? (
          <Spinner label="Loading stories..." />
        ) : stories.isError ? (
          <p className="text-slate-700">We couldn't load the stories right now.</p>
        ) : stories.data.length === 0 ? (
          <div className="flex items-center gap-4">
            <Lumi mood="sleepy" size={72} />
            <p className="text-slate-700">No stories available. Check back soon for new adventures!</p>
          </div>
        ) : (
          <ul className="grid gap-4 md:grid-cols-3">
            {journeyStories(stories.data).map((story) => (
              <li key={story.id}>
                <StoryCard story={story} userLevel={level} userXp={xp} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {tourOpen && (
        <Suspense fallback={null}>
          <FirstRunTour userId={userId} onDone={() => setTourOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
