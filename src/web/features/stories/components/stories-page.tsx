import { Lumi } from "../../../components/lumi";
import { Button } from "../../../components/ui/button";
import { LoadingText } from "../../../components/ui/spinner";
import { useProfile } from "../../profile";
import { useStories } from "../api/get-stories";
import { useOfflineStories } from "../hooks/use-offline-stories";
import { StoryCard } from "./story-card";

export default function StoriesPage() {
  const stories = useStories();
  const profile = useProfile();
  const offline = useOfflineStories();

  return (
    <div className="flex flex-col gap-6">
      <div>
        <title>Stories · Lamplight</title>
        <h1 className="text-3xl font-extrabold text-slate-900">Bible Stories</h1>
        <p className="text-slate-700">
          Explore each story in three layers: Basic Understanding, Deeper Reflection and Life Application.
        </p>
      </div>
      {stories.isPending || profile.isPending ? (
        <LoadingText>{stories.isPending ? "Loading stories..." : "Loading progress..."}</LoadingText>
      ) : stories.isError || profile.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-slate-700">
          <p>We couldn't load the stories. Please try again.</p>
          <Button
            variant="secondary"
            onClick={() => (stories.isError ? stories.refetch() : profile.refetch())}
          >
            Try again
          </Button>
        </div>
      ) : stories.data.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 p-10 text-center">
          <Lumi mood="sleepy" />
          <h2 className="text-xl font-bold text-slate-900">No stories available</h2>
          <p className="text-slate-700">Check back soon for new adventures!</p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {stories.data.map((story, index) => (
            <li key={story.id} className="flex">
              <div className="w-full">
                {/* The cards sit straight under the page's h1, so their titles are h2s. */}
                <StoryCard
                  story={story}
                  userLevel={profile.data.level}
                  userXp={profile.data.xp}
                  headingLevel={2}
                  // The first row shows at once (three across on a wide screen): its covers are not lazy.
                  coverPriority={index === 0 ? "first" : index < 3 ? "eager" : "lazy"}
                  availableOffline={offline.has(story.slug)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
