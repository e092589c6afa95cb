import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_READING_SETTINGS } from "../../../../core/reading-settings";
import { DIGEST_MESSAGES } from "../../../../core/schemas/digest";
import type { Profile } from "../../../../core/schemas/profile";
import { renderWithApp } from "../../../test/render";
import { profileQuery, useProfile } from "../api/get-profile";
import { WeeklyDigestSetting } from "./weekly-digest-setting";

const leaderProfile: Profile = {
  id: "leader-1",
  username: "pastor_ann",
  bio: null,
  avatarUrl: null,
  avatarPending: false,
  level: 1,
  xp: 0,
  createdAt: "2026-11-21T12:00:00.000Z",
  completedStories: 0,
  role: "leader",
  readingSettings: DEFAULT_READING_SETTINGS,
  reportMails: true,
  weeklyDigest: false,
};

type Put = { pathname: string; body: unknown };

/** The server: the profile as stored, and PUT /api/profile/weekly-digest answering `status`. */
function stubApi(status = 200) {
  let stored = { ...leaderProfile };
  const puts: Put[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), "http://localhost");
      if (init?.method === "PUT") {
        const body = JSON.parse(String(init.body)) as { on: boolean };
        puts.push({ pathname, body });
        if (status !== 200)
          return Response.json({ error: { code: "x", message: "Something went wrong." } }, { status });
        stored = { ...stored, weeklyDigest: body.on };
        return Response.json({ on: body.on });
      }
      return Response.json(stored);
    }),
  );
  return puts;
}

/** The setting as the profile page shows it: read from the profile. */
function Setting() {
  const profile = useProfile();
  return profile.data ? <WeeklyDigestSetting on={profile.data.weeklyDigest ?? false} /> : null;
}

const renderSetting = () =>
  renderWithApp(<Setting />, {
    seed: (queryClient) => queryClient.setQueryData(profileQuery.queryKey, leaderProfile),
  }).user;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("WeeklyDigestSetting", () => {
  it("is a labelled switch in the #weekly-digest section, off at first, saying what comes and when", async () => {
    stubApi();
    renderSetting();
    const toggle = await screen.findByRole("switch", { name: "Weekly summary by email" });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(expect.stringContaining("Mondays at 8:00 in your time zone"));
    expect(toggle).toHaveAccessibleDescription(expect.stringContaining("finished"));
    expect(toggle.closest("section")).toHaveAttribute("id", "weekly-digest");
  });

  it("saves at once and says so", async () => {
    const puts = stubApi();
    const user = renderSetting();
    const toggle = await screen.findByRole("switch", { name: "Weekly summary by email" });

    await user.click(toggle);

    expect(toggle).toBeChecked();
    expect(await screen.findByRole("status")).toHaveTextContent(DIGEST_MESSAGES.saved);
    expect(puts).toEqual([{ pathname: "/api/profile/weekly-digest", body: { on: true } }]);
  });

  it("goes back when the server refuses", async () => {
    stubApi(500);
    const user = renderSetting();
    const toggle = await screen.findByRole("switch", { name: "Weekly summary by email" });

    await user.click(toggle);

    expect(await screen.findByRole("alert")).toHaveTextContent(DIGEST_MESSAGES.saveFailed);
    expect(toggle).not.toBeChecked();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });
});
