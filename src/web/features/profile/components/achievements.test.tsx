import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ACHIEVEMENTS, type AchievementId, type AchievementView } from "../../../../core/achievements";
import { renderWithApp } from "../../../test/render";
import { Achievements } from "./achievements";

// Midday UTC, so the date reads the same in every time zone the tests might run in.
const EARNED_AT = "2026-11-21T12:00:00.000Z";

/** The four as the server lists them, in their fixed order, with these earned. */
function fromServer(earned: Partial<Record<AchievementId, string>>): AchievementView[] {
  return ACHIEVEMENTS.map((achievement) => ({ ...achievement, earnedAt: earned[achievement.id] ?? null }));
}

/** Answers GET /api/profile/achievements with each answer in turn (the last one repeats). */
function stubAchievements(...answers: { status: number; body: unknown }[]) {
  const requested: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), location.href);
      requested.push(pathname);
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      if (pathname !== "/api/profile/achievements" || !answer) {
        return Response.json({ error: { message: "Not found" } }, { status: 404 });
      }
      return Response.json(answer.body, { status: answer.status });
    }),
  );
  return requested;
}

const rows = () =>
  within(screen.getByRole("region", { name: "Achievements" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);

describe("Achievements", () => {
  it("shows a spinner, then the four from the server: earned ones with their date, the rest not yet", async () => {
    stubAchievements({
      status: 200,
      body: {
        achievements: fromServer({ first_story: EARNED_AT, group_leader: "2026-12-02T12:00:00.000Z" }),
      },
    });
    renderWithApp(<Achievements />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading achievements");

    expect(await screen.findAllByRole("listitem")).toHaveLength(4);
    expect(rows()).toEqual([
      "First StoryComplete your first Bible storyEarned Nov 21, 2026",
      "Question MasterAsked 10 questions to AI helperNot earned yet",
      "Group LeaderJoined a study groupEarned Dec 2, 2026",
      "Dedicated ReaderRead stories 5 days in a rowNot earned yet",
    ]);
    expect(screen.getByText("Nov 21, 2026")).toHaveAttribute("dateTime", EARNED_AT);
    expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual(
      ACHIEVEMENTS.map((achievement) => achievement.name),
    );
  });

  it("shows nothing earned for a new reader", async () => {
    stubAchievements({ status: 200, body: { achievements: fromServer({}) } });
    renderWithApp(<Achievements />);

    expect(await screen.findAllByText("Not earned yet")).toHaveLength(4);
    expect(screen.queryByText(/Earned/)).not.toBeInTheDocument();
    expect(document.querySelector("time")).toBeNull();
  });

  it("shows the error with a button that asks again", async () => {
    const requested = stubAchievements(
      { status: 500, body: { error: { message: "Server is napping" } } },
      { status: 200, body: { achievements: fromServer({ question_master: EARNED_AT }) } },
    );
    const { user } = renderWithApp(<Achievements />);

    expect(await screen.findByRole("alert")).toHaveTextContent("Server is napping");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Nov 21, 2026")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(requested).toEqual(["/api/profile/achievements", "/api/profile/achievements"]);
  });
});
