import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { STREAK_MESSAGES } from "../../../../core/streak";
import { renderWithApp } from "../../../test/render";
import { stubApi } from "../../memory-verses/test-api";
import { DailyGoalChoice } from "./daily-goal-choice";
import { DailyGoalRing } from "./daily-goal-ring";
import { StreakBadge } from "./streak-badge";

const today = (change: { days?: number; saved?: boolean; target?: number; done?: number } = {}) => {
  const { days = 3, saved = false, target = 1, done = 0 } = change;
  return { streak: { days, saved }, goal: { target, done, met: done >= target } };
};

describe("the streak and the daily goal", () => {
  it("shows the header's flame with the number, said in words", async () => {
    stubApi({ "GET /api/learning/today": { body: today({ days: 4 }) } });
    // The number shows, the words are for a screen reader.
    renderWithApp(<StreakBadge />);
    expect(await screen.findByText("4-day streak")).toBeInTheDocument();
  });

  it("shows nothing in the header before the first day", async () => {
    const calls = stubApi({ "GET /api/learning/today": { body: today({ days: 0 }) } });
    renderWithApp(
      <div data-testid="header">
        <StreakBadge />
      </div>,
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId("header")).toBeEmptyDOMElement();
  });

  it("fills the ring towards the goal, celebrates it met, and says a rest day was forgiven", async () => {
    stubApi({ "GET /api/learning/today": { body: today({ days: 2, saved: true, target: 2, done: 2 }) } });
    renderWithApp(<DailyGoalRing />);
    expect(await screen.findByRole("heading", { name: "Daily goal: 2 of 2" })).toBeInTheDocument();
    expect(screen.getByText(STREAK_MESSAGES.goalMet)).toBeInTheDocument();
    expect(screen.getByText("2 days in a row")).toBeInTheDocument();
    expect(screen.getByText(STREAK_MESSAGES.saved)).toBeInTheDocument();
  });

  it("keeps going without pressure while the goal is still to meet", async () => {
    stubApi({ "GET /api/learning/today": { body: today({ days: 1, target: 3, done: 1 }) } });
    renderWithApp(<DailyGoalRing />);
    expect(await screen.findByRole("heading", { name: "Daily goal: 1 of 3" })).toBeInTheDocument();
    expect(screen.queryByText(STREAK_MESSAGES.goalMet)).not.toBeInTheDocument();
    expect(screen.getByText("1 day in a row")).toBeInTheDocument();
  });

  it("invites a new reader to start a streak rather than count zero days", async () => {
    stubApi({ "GET /api/learning/today": { body: today({ days: 0, target: 1, done: 0 }) } });
    renderWithApp(<DailyGoalRing />);
    expect(await screen.findByText("Your streak starts with today's first activity.")).toBeInTheDocument();
    expect(screen.queryByText(/0 days/)).not.toBeInTheDocument();
  });

  it("lets the reader choose a goal of 1, 2 or 3 activities, by keyboard too", async () => {
    const calls = stubApi({
      "GET /api/learning/today": { body: today() },
      "PUT /api/learning/goal": (call) => ({
        body: today({ target: (call.body as { target: number }).target }),
      }),
    });
    const user = userEvent.setup();
    renderWithApp(<DailyGoalChoice />);
    const one = await screen.findByRole("radio", { name: "1 activity a day" });
    await waitFor(() => expect(one).toBeEnabled());
    expect(one).toBeChecked();
    one.focus();
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(screen.getByRole("radio", { name: "2 activities a day" })).toBeChecked());
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ target: 2 });
  });
});
