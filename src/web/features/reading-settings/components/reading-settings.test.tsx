import { screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_READING_SETTINGS,
  READING_SETTINGS_MESSAGES,
  type ReadingSettings,
} from "../../../../core/reading-settings";
import { renderWithApp } from "../../../test/render";
import { type Answer, stubApi } from "../../memory-verses/test-api";
import { AnswerText } from "../../qna/components/answer-text";
import { StoryText } from "../../stories";
import StoryPage from "../../stories/components/story-page";
import { useReadingStyle } from "../hooks/use-reading-style";
import { ReadingSettingsButton } from "./reading-settings-button";

const TEXT = "The father ran to meet him.\n\nHe was home.";

const profile = (readingSettings: ReadingSettings = DEFAULT_READING_SETTINGS) => ({
  id: "u1",
  username: "ruth",
  bio: null,
  avatarUrl: null,
  avatarPending: false,
  level: 1,
  xp: 120,
  createdAt: "2026-11-01T00:00:00.000Z",
  completedStories: 0,
  role: "member",
  readingSettings,
});

/** The profile read, and a save that answers what it was sent (or `save`, to refuse). */
function stubSettings(settings?: ReadingSettings, save?: Answer) {
  return stubApi({
    "GET /api/profile": { body: profile(settings) },
    "PUT /api/profile/reading-settings": save ?? ((call) => ({ body: call.body })),
  });
}

/** Story text as the story page draws it, with the reader's settings applied. */
function StyledText() {
  const reading = useReadingStyle();
  return (
    <div data-testid="text">
      <StoryText text={TEXT} className={reading.className} style={reading.style} />
    </div>
  );
}

const storyText = () => screen.getByTestId("text").firstElementChild as HTMLElement;
const settingsButton = () => screen.getByRole("button", { name: READING_SETTINGS_MESSAGES.button });
const puts = (calls: ReturnType<typeof stubApi>) => calls.filter((call) => call.method === "PUT");

async function openPanel(user: ReturnType<typeof renderWithApp>["user"]) {
  await user.click(settingsButton());
  return screen.findByRole("dialog", { name: READING_SETTINGS_MESSAGES.heading });
}

function renderSettings() {
  return renderWithApp(
    <>
      <ReadingSettingsButton />
      <StyledText />
      <button type="button">Elsewhere</button>
    </>,
  );
}

describe("Reading settings", () => {
  it("opens from its button, with the focus on the text size chosen", async () => {
    stubSettings();
    const { user } = renderSettings();
    expect(settingsButton()).toHaveAttribute("aria-expanded", "false");
    expect(settingsButton()).toHaveAttribute("aria-haspopup", "dialog");
    const panel = await openPanel(user);
    expect(settingsButton()).toHaveAttribute("aria-expanded", "true");
    expect(settingsButton()).toHaveAttribute("aria-controls", panel.id);
    const sizes = within(panel).getByRole("group", { name: READING_SETTINGS_MESSAGES.textSize });
    expect(
      within(sizes)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["standard", "large", "largest"]);
    await waitFor(() => expect(within(sizes).getByRole("radio", { name: "Standard" })).toHaveFocus());
    expect(within(panel).getByRole("switch", { name: READING_SETTINGS_MESSAGES.font })).not.toBeChecked();
    expect(
      within(panel).getByRole("switch", { name: READING_SETTINGS_MESSAGES.lineSpacing }),
    ).toHaveAccessibleDescription(READING_SETTINGS_MESSAGES.lineSpacingHint);
  });

  it("draws the standard look with no style of its own", async () => {
    stubSettings();
    renderSettings();
    await waitFor(() => expect(storyText()).toBeInTheDocument());
    expect(storyText()).not.toHaveAttribute("style");
  });

  it("saves a text size, and the text grows at once", async () => {
    const calls = stubSettings();
    const { user } = renderSettings();
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole("radio", { name: "Largest" }));
    expect(storyText().style.fontSize).toBe("1.5rem");
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({ ...DEFAULT_READING_SETTINGS, textSize: "largest" });
    expect(within(panel).getByRole("radio", { name: "Largest" })).toBeChecked();
  });

  it("moves between sizes with the arrow keys", async () => {
    const calls = stubSettings();
    const { user } = renderSettings();
    const panel = await openPanel(user);
    await waitFor(() => expect(within(panel).getByRole("radio", { name: "Standard" })).toHaveFocus());
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(puts(calls)[0]?.body).toMatchObject({ textSize: "large" }));
    expect(storyText().style.fontSize).toBe("1.3rem");
  });

  it("saves the easy-to-read font and wider spacing, and the text takes them", async () => {
    const calls = stubSettings();
    const { user } = renderSettings();
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole("switch", { name: READING_SETTINGS_MESSAGES.font }));
    await waitFor(() => expect(storyText().style.fontFamily).toContain("Atkinson Hyperlegible"));
    await user.click(within(panel).getByRole("switch", { name: READING_SETTINGS_MESSAGES.lineSpacing }));
    expect(storyText().style.lineHeight).toBe("2.1");
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls).map((call) => call.body)).toEqual([
      { ...DEFAULT_READING_SETTINGS, font: "easy-read" },
      { ...DEFAULT_READING_SETTINGS, font: "easy-read", lineSpacing: "wide" },
    ]);
  });

  it("closes on Escape and gives the focus back to its button", async () => {
    stubSettings();
    const { user } = renderSettings();
    await openPanel(user);
    await waitFor(() => expect(screen.getByRole("radio", { name: "Standard" })).toHaveFocus());
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(settingsButton()).toHaveFocus());
    expect(settingsButton()).toHaveAttribute("aria-expanded", "false");
  });

  it("closes with its close button, and when the reader goes elsewhere", async () => {
    stubSettings();
    const { user } = renderSettings();
    let panel = await openPanel(user);
    await user.click(within(panel).getByRole("button", { name: READING_SETTINGS_MESSAGES.close }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(settingsButton()).toHaveFocus());
    panel = await openPanel(user);
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Elsewhere" })).toHaveFocus();
  });

  it("goes back and says so when the save is refused", async () => {
    stubSettings(DEFAULT_READING_SETTINGS, {
      status: 500,
      body: { error: { code: "oops", message: "Something went wrong" } },
    });
    const { user } = renderSettings();
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole("radio", { name: "Large" }));
    expect(await within(panel).findByRole("alert")).toBeInTheDocument();
    expect(storyText()).not.toHaveAttribute("style");
    expect(within(panel).getByRole("radio", { name: "Standard" })).toBeChecked();
  });

  it("applies to the helper's answers too", async () => {
    stubSettings({ textSize: "large", font: "standard", lineSpacing: "wide" });
    renderWithApp(<AnswerText text="David trusted God (1 Samuel 17:45)." streaming={false} />);
    const answer = await screen.findByText(/David trusted God/);
    const text = answer.closest("[aria-busy]") as HTMLElement;
    await waitFor(() => expect(text.style.fontSize).toBe("1.3rem"));
    expect(text.style.lineHeight).toBe("2.1");
  });
});

describe("the story page with reading settings", () => {
  const page = {
    story: {
      id: 1,
      slug: "creation",
      title: "Creation",
      blurb: "God makes the world.",
      scripture: "Genesis 1",
      difficulty: 1,
    },
    locked: false,
    textSource: "library",
    progress: {
      currentLayer: 1,
      highestLayerReached: 1,
      completed: false,
      completedAt: null,
      updatedAt: "2026-11-21T12:00:00.000Z",
    },
    layers: ([1, 2, 3] as const).map((layer) => ({
      layer,
      name: ["Basic Understanding", "Deeper Reflection", "Life Application"][layer - 1],
      prompt: "Welcome.",
      content: layer === 1 ? "In the beginning God made the heavens and the earth." : null,
      imageUrl: null,
    })),
    memoryVerse: null,
  };

  function renderStoryPage(settings: ReadingSettings) {
    const calls = stubApi({
      "GET /api/stories/creation": { body: page },
      // The profile comes after the story: the text must still never show in the standard look.
      "GET /api/profile": async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return { body: profile(settings) };
      },
      "PUT /api/profile/reading-settings": (call) => ({ body: call.body }),
    });
    const rendered = renderWithApp(
      <Routes>
        <Route path="/stories/:slug" element={<StoryPage />} />
      </Routes>,
      { path: "/stories/creation" },
    );
    return { ...rendered, calls };
  }

  // The element that carries the story text's look (STORY_TEXT_CLASS), in steps or as the whole layer.
  const layerText = () => screen.getByText(/In the beginning God made/).closest(".font-story") as HTMLElement;

  it("draws the text first in the reader's own size, never in the standard look", async () => {
    renderStoryPage({ textSize: "largest", font: "standard", lineSpacing: "standard" });
    await screen.findByText(/In the beginning God made/);
    expect(layerText().style.fontSize).toBe("1.5rem");
  });

  it("has the button beside the layer's controls, and a change shows in the story text", async () => {
    const { user, calls } = renderStoryPage(DEFAULT_READING_SETTINGS);
    await screen.findByText(/In the beginning God made/);
    expect(layerText()).not.toHaveAttribute("style");
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole("switch", { name: READING_SETTINGS_MESSAGES.lineSpacing }));
    expect(layerText().style.lineHeight).toBe("2.1");
    await waitFor(() => expect(puts(calls)[0]?.body).toMatchObject({ lineSpacing: "wide" }));
  });
});
