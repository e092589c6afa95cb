import { ArrowLeft, ImagePlus, Lock, Share2, ShieldCheck, Sparkles } from "lucide-react";
import { lazy, Suspense, useDeferredValue, useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { LAYER_COUNT, type LayerNumber } from "../../../../core/stories/layers";
import { STORY_MESSAGES } from "../../../../core/stories/story-messages";
import { NeedsConnection } from "../../../components/needs-connection";
import { Button, buttonClass } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { LoadingText, Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { OFFLINE_MESSAGES } from "../../../lib/offline";
import { paths } from "../../../lib/paths";
import { preload } from "../../../lib/preload";
import { useOnline } from "../../../lib/use-online";
import { LearnVerseCard } from "../../memory-verses";
import { useProfile } from "../../profile";
import { ReadingSettingsButton, useReadingStyle } from "../../reading-settings";
import { type StoryLayerData, type StoryPageData, useStory } from "../api/get-story";
import { useProgressStory } from "../api/progress-story";
import { useFocusOnChange } from "../hooks/use-focus-on-change";
import { useKeepForOffline } from "../hooks/use-keep-for-offline";
import { type GenerationState, useLayerGeneration } from "../hooks/use-layer-generation";
import { useNarration } from "../hooks/use-narration";
import { LayerCheckSection } from "./layer-check-section";
import { LayerReading } from "./layer-reading";
import { LayerSelector } from "./layer-selector";
import { LevelGoal } from "./level-goal";
import { NarrationButtons } from "./narration-controls";
import { type ReadAlong, ReadAlongContext } from "./read-along";
import { StoryCompleteTally } from "./story-complete-tally";
import { StoryText } from "./story-text";

// The dialogs bring Radix (the largest library after React) and, for sharing, the groups' reads, none of which
// the story needs to show itself. They load as the reader reaches for their buttons.
const loadImageDialog = () => import("./image-dialog");
const loadShareDialog = () => import("./share-dialog");
const ImageDialog = lazy(() => loadImageDialog().then((module) => ({ default: module.ImageDialog })));
const ShareDialog = lazy(() => loadShareDialog().then((module) => ({ default: module.ShareDialog })));

function BackToStories({ label = "Back to Stories" }: { label?: string }) {
  return (
    <Link to={paths.stories} className={buttonClass("ghost", "self-start px-2")}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

/**
 * The button that brings a layer's text. The library's text is the ministry's, already written: the child starts
 * reading it. An AI writes its text for the child, as the spec's 'Generate Story with AI' says.
 */
export function generateLabel(textSource: StoryPageData["textSource"], layer: LayerNumber): string {
  if (textSource === "ai") return "Generate Story with AI";
  return layer === 1 ? "Start the story" : `Read layer ${layer}`;
}

export default function StoryPage() {
  const { slug = "" } = useParams();
  // Keyed by slug so that moving to another story starts from a clean page.
  return <StoryLoader key={slug} slug={slug} />;
}

function StoryLoader({ slug }: { slug: string }) {
  const story = useStory(slug);
  // The first drawing of the story is the largest render of the page. Deferred, it is a transition, which gives
  // a slow phone's browser back its thread every few milliseconds instead of freezing it until the page is
  // done. Only the first: later changes (the next layer, a new picture) show at once, as the reader acted.
  const drawn = useDeferredValue(story.isSuccess);
  // The text is drawn once, in the reader's own size and font: never first in the standard look, then jumping.
  const readingReady = useReadingStyle().ready;

  if (story.isPending) return <LoadingText>Loading story...</LoadingText>;
  if (story.isError) {
    if (story.error instanceof ApiError && (story.error.status === 404 || story.error.status === 400))
      return (
        <div className="flex flex-col items-center gap-4 py-16 text-center">
          <title>Story not found · Lamplight</title>
          <h1 className="text-2xl font-bold text-slate-900">{STORY_MESSAGES.storyNotFound}</h1>
          <Link to={paths.stories} className={buttonClass("primary")}>
            Back to Stories
          </Link>
        </div>
      );
    // No connection, and this story was never opened here: nothing was kept of it (issue 26).
    if (!navigator.onLine || (story.error instanceof ApiError && story.error.status === 0))
      return (
        <div role="alert" className="flex flex-col items-start gap-3 text-slate-700">
          <p>
            {navigator.onLine
              ? "We couldn't load this story. Please try again."
              : OFFLINE_MESSAGES.notAvailable}
          </p>
          <Link to={paths.stories} className={buttonClass("secondary")}>
            Back to Stories
          </Link>
        </div>
      );
    return (
      <div role="alert" className="flex flex-col items-start gap-3 text-slate-700">
        <p>We couldn't load this story. Please try again.</p>
        <Button variant="secondary" onClick={() => story.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!drawn || !readingReady) return <LoadingText>Loading story...</LoadingText>;
  return <StoryReader slug={slug} page={story.data} />;
}

function StoryReader({ slug, page }: { slug: string; page: StoryPageData }) {
  const { story, locked, progress } = page;
  const progressMutation = useProgressStory(slug);
  const { state: generation, generate, prepare: prepareGeneration } = useLayerGeneration(slug);
  const [rereading, setRereading] = useState(false);
  useKeepForOffline(slug, page);

  const currentLayer: LayerNumber = progress?.currentLayer ?? 1;
  const highest: LayerNumber = progress?.highestLayerReached ?? 1;
  const layer = page.layers[currentLayer - 1] as StoryLayerData;
  const streaming = generation.status === "streaming";
  const showCompletion = progress?.completed && !rereading;
  // The offline library's text is the ministry's own, reviewed before it was published; an AI's is not.
  const reviewed = page.textSource === "library";
  // The narration is the page's, so that the text can follow it (read-along) and start it where it is tapped.
  const narrationText = showCompletion || streaming ? "" : (layer.content ?? "");
  const narration = useNarration(narrationText, { slug, layer: currentLayer });
  const readAlong = useMemo<ReadAlong>(
    () => ({ sentence: narration.sentence, startAt: narrationText ? narration.play : undefined }),
    [narration.sentence, narration.play, narrationText],
  );

  const header = (
    <div className="flex flex-col gap-3">
      <title>{`${story.title} · Lamplight`}</title>
      <BackToStories label="Stories" />
      <h1 className="text-3xl font-extrabold text-slate-900">{story.title}</h1>
      {reviewed && (
        <p className="inline-flex w-fit items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-900 ring-1 ring-emerald-200">
          <ShieldCheck aria-hidden="true" className="size-4" />
          Reviewed by our ministry
        </p>
      )}
      <p className="text-slate-700">
        {story.blurb}
        {story.scripture && (
          <>
            {" "}
            <cite className="whitespace-nowrap font-semibold not-italic text-amber-900">
              {story.scripture}
            </cite>
          </>
        )}
      </p>
    </div>
  );

  if (locked)
    return (
      <div className="flex flex-col gap-6">
        {header}
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 p-10 text-center">
          <Lock aria-hidden="true" className="size-8 text-slate-600" />
          <h2 className="text-xl font-bold text-slate-900">
            <LockedLevelGoal difficulty={story.difficulty} />
          </h2>
          {page.preview && (
            <p className="max-w-prose border-l-4 border-amber-300 pl-3 text-left text-slate-800 italic">
              <span className="sr-only">How it begins: </span>“{page.preview}”
            </p>
          )}
          <p className="text-slate-700">Read more stories and earn XP to open this one.</p>
          <Link to={paths.stories} className={buttonClass("primary")}>
            Back to Stories
          </Link>
        </div>
      </div>
    );

  const move = (action: Parameters<typeof progressMutation.mutate>[0]) =>
    progressMutation.mutate(action, {
      onSuccess: (result) => {
        setRereading(action.action === "jump" || !result.progress.completed);
        window.scrollTo({ top: 0 });
        // 'Move to Layer N' moves and starts the layer in one tap: a child who asked for the next layer wants
        // to read it, not to find another button. A layer already read just shows its text.
        const next = result.progress.currentLayer;
        if (action.action === "next" && !result.progress.completed && !page.layers[next - 1]?.content)
          void generate(next);
      },
    });

  return (
    <div className="flex flex-col gap-6">
      {header}
      <LayerSelector
        current={currentLayer}
        highest={highest}
        read={page.layers.filter((entry) => entry.content).map((entry) => entry.layer)}
        disabled={streaming || progressMutation.isPending}
        onSelect={(target) =>
          target === currentLayer ? setRereading(true) : move({ action: "jump", layer: target })
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-48 flex-1 flex-col gap-1">
          <p className="text-sm font-semibold text-slate-800">
            Layer {currentLayer} of {LAYER_COUNT}: {layer.name}
          </p>
          <div
            role="progressbar"
            aria-label="Story progress"
            aria-valuemin={0}
            aria-valuemax={LAYER_COUNT}
            aria-valuenow={currentLayer}
            aria-valuetext={`Layer ${currentLayer} of ${LAYER_COUNT}`}
            className="h-2.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-indigo-700 transition-[width]"
              style={{ width: `${(currentLayer / LAYER_COUNT) * 100}%` }}
            />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <NarrationButtons narration={narration} text={narrationText} />
          <ReadingSettingsButton />
        </div>
      </div>
      <ErrorBox>{progressMutation.error?.message}</ErrorBox>

      {showCompletion ? (
        <StoryCompleteTally
          slug={slug}
          title={story.title}
          layers={page.layers}
          completion={progressMutation.data ?? null}
        />
      ) : (
        <ReadAlongContext.Provider value={readAlong}>
          <LayerBody
            slug={slug}
            storyTitle={story.title}
            layer={layer}
            generation={generation.layer === currentLayer ? generation : null}
            onGenerate={() => generate(currentLayer)}
            generateLabel={generateLabel(page.textSource, currentLayer)}
            onPrepareGenerate={prepareGeneration}
            footer={
              layer.content && !streaming ? (
                <div className="flex justify-end border-t border-slate-200 pt-5">
                  <Button
                    disabled={progressMutation.isPending}
                    onClick={() => move({ action: "next" })}
                    className="px-6 py-3 text-base"
                  >
                    {progressMutation.isPending
                      ? "Saving..."
                      : currentLayer < LAYER_COUNT
                        ? `Move to Layer ${currentLayer + 1}`
                        : "Mark Story Complete"}
                  </Button>
                </div>
              ) : null
            }
          />
        </ReadAlongContext.Provider>
      )}
      {page.memoryVerse && <LearnVerseCard slug={slug} reference={page.memoryVerse} />}
    </div>
  );
}

/** The XP still to earn for a locked story: the reader's XP is read here, so that it redraws only this line. */
function LockedLevelGoal({ difficulty }: { difficulty: number }) {
  const xp = useProfile().data?.xp;
  return <LevelGoal difficulty={difficulty} xp={xp} />;
}

function LayerBody({
  slug,
  storyTitle,
  layer,
  generation,
  onGenerate,
  generateLabel,
  onPrepareGenerate,
  footer,
}: {
  slug: string;
  storyTitle: string;
  layer: StoryLayerData;
  generation: GenerationState | null;
  onGenerate: () => void;
  /** 'Start the story' / 'Read layer N' for the library's text, 'Generate Story with AI' for an AI's. */
  generateLabel: string;
  onPrepareGenerate: () => void;
  footer: React.ReactNode;
}) {
  const online = useOnline();
  const [imageDialogOpen, setImageDialogOpen] = useState(false);
  // The image dialog stays once opened, so that it keeps the style chosen in it for the next picture.
  const [imageDialogUsed, setImageDialogUsed] = useState(false);
  const [shareDialogOpen, setShareDialogOpen] = useState(false);
  const openImageDialog = () => {
    setImageDialogUsed(true);
    setImageDialogOpen(true);
  };
  const imageButtonProps = {
    // A picture is drawn by the server: not while the connection is gone.
    disabled: !online,
    onClick: openImageDialog,
    onFocus: preload(loadImageDialog),
    onPointerEnter: preload(loadImageDialog),
  };
  const streaming = generation?.status === "streaming";
  const reading = useReadingStyle();
  const phase = streaming ? "streaming" : layer.content ? "content" : "ready";
  const headingRef = useFocusOnChange<HTMLHeadingElement>(`${layer.layer}-${phase}`);
  const layerHeading = (
    <h2
      id="layer-heading"
      ref={headingRef}
      tabIndex={-1}
      className="text-sm font-bold uppercase tracking-wide text-indigo-900 focus:outline-none"
    >
      {layer.name}
    </h2>
  );

  if (streaming)
    return (
      <section aria-labelledby="layer-heading" className="flex flex-col gap-4">
        {layerHeading}
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-indigo-900">
          <Sparkles aria-hidden="true" className="size-4" />
          Writing your story...
        </p>
        <StoryText text={generation.text} streaming className={reading.className} style={reading.style} />
      </section>
    );

  if (!layer.content)
    return (
      <section
        aria-labelledby="layer-heading"
        className="flex flex-col items-center gap-4 rounded-2xl border border-indigo-100 bg-indigo-50 p-8 text-center"
      >
        <Sparkles aria-hidden="true" className="size-10 text-indigo-700" />
        <h2
          id="layer-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold text-slate-900 focus:outline-none"
        >
          Ready to Begin?
        </h2>
        <p className="max-w-prose text-slate-800">{layer.prompt}</p>
        {generation?.status === "error" && <ErrorBox>{generation.error}</ErrorBox>}
        <Button
          onClick={onGenerate}
          onFocus={onPrepareGenerate}
          onPointerEnter={onPrepareGenerate}
          className="px-6 py-3 text-base"
          disabled={!online}
          aria-describedby={online ? undefined : "generate-offline"}
        >
          <Sparkles aria-hidden="true" className="size-5" />
          {generateLabel}
        </Button>
        {!online && <NeedsConnection id="generate-offline" />}
      </section>
    );

  return (
    <section aria-labelledby="layer-heading" className="flex flex-col gap-6">
      {layerHeading}
      {generation?.status === "done" && (
        <p role="status" className="sr-only">
          Your story is ready.
        </p>
      )}
      {generation?.status === "error" && <ErrorBox>{generation.error}</ErrorBox>}
      <LayerReading
        key={layer.layer}
        text={layer.content}
        reading={reading}
        picture={
          layer.imageUrl ? (
            <figure className="flex flex-col gap-2">
              <img
                src={layer.imageUrl}
                alt={`Illustration for ${layer.name}`}
                width={1024}
                height={1024}
                className="aspect-square w-full max-w-xl self-center rounded-2xl object-cover shadow-md"
              />
              <figcaption className="self-center">
                <Button variant="ghost" {...imageButtonProps}>
                  <ImagePlus aria-hidden="true" className="size-4" />
                  Create a new image
                </Button>
              </figcaption>
            </figure>
          ) : generation?.image === "drawing" ? (
            <div className="flex aspect-video w-full max-w-xl items-center justify-center gap-3 self-center rounded-2xl bg-slate-100 text-slate-700">
              <Spinner label="Drawing the picture..." />
              <span>Drawing the picture...</span>
            </div>
          ) : (
            <div className="flex flex-col items-center gap-2 self-center">
              {generation?.image === "failed" && (
                <p role="status" className="text-sm text-slate-700">
                  We couldn't draw a picture this time.
                </p>
              )}
              <Button variant="secondary" {...imageButtonProps}>
                <ImagePlus aria-hidden="true" className="size-4" />
                Create Image for This Story
              </Button>
            </div>
          )
        }
        actions={
          <>
            <LayerCheckSection slug={slug} layer={layer.layer} />
            <div className="flex flex-wrap items-center gap-3 rounded-xl bg-indigo-50 px-4 py-3">
              <p className="flex-1 text-sm text-slate-800">Tell your study group what you learned.</p>
              <Button
                variant="secondary"
                onClick={() => setShareDialogOpen(true)}
                onFocus={preload(loadShareDialog)}
                onPointerEnter={preload(loadShareDialog)}
              >
                <Share2 aria-hidden="true" className="size-4" />
                Share
              </Button>
            </div>
            {footer}
          </>
        }
      />
      {imageDialogUsed && (
        <Suspense fallback={null}>
          <ImageDialog
            slug={slug}
            layer={layer.layer}
            open={imageDialogOpen}
            onOpenChange={setImageDialogOpen}
          />
        </Suspense>
      )}
      {shareDialogOpen && (
        <Suspense fallback={null}>
          <ShareDialog
            slug={slug}
            storyTitle={storyTitle}
            layer={layer.layer}
            hasIllustration={Boolean(layer.imageUrl)}
            open
            onOpenChange={setShareDialogOpen}
          />
        </Suspense>
      )}
    </section>
  );
}
