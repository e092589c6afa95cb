import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_READING_SETTINGS } from "../../../../core/reading-settings";
import { REPORT_MAIL_MESSAGES } from "../../../../core/schemas/moderation";
import type { Profile } from "../../../../core/schemas/profile";
import { renderWithApp } from "../../../test/render";
import { profileQuery, useProfile } from "../api/get-profile";
import { ReportMailsSetting } from "./report-mails-setting";

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
};

type Put = { pathname: string; body: unknown };

/** The server: the profile as stored, and PUT /api/profile/report-mails answering `status`. */
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
        stored = { ...stored, reportMails: body.on };
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
  return profile.data ? <ReportMailsSetting on={profile.data.reportMails ?? true} /> : null;
}

const renderSetting = () =>
  renderWithApp(<Setting />, {
    seed: (queryClient) => queryClient.setQueryData(profileQuery.queryKey, leaderProfile),
  }).user;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ReportMailsSetting", () => {
  it("is a labelled switch in the #report-mails section, explaining the batching and the alerts that always come", async () => {
    stubApi();
    renderSetting();
    const toggle = await screen.findByRole("switch", { name: "Email me about reports" });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(expect.stringContaining("15 minutes"));
    expect(toggle).toHaveAccessibleDescription(expect.stringContaining("always come"));
    expect(toggle.closest("section")).toHaveAttribute("id", "report-mails");
  });

  it("saves at once and says so", async () => {
    const puts = stubApi();
    const user = renderSetting();
    const toggle = await screen.findByRole("switch", { name: "Email me about reports" });

    await user.click(toggle);

    expect(toggle).not.toBeChecked();
    expect(await screen.findByRole("status")).toHaveTextContent(REPORT_MAIL_MESSAGES.saved);
    expect(puts).toEqual([{ pathname: "/api/profile/report-mails", body: { on: false } }]);
  });

  it("goes back when the server refuses", async () => {
    stubApi(500);
    const user = renderSetting();
    const toggle = await screen.findByRole("switch", { name: "Email me about reports" });

    await user.click(toggle);

    expect(await screen.findByRole("alert")).toHaveTextContent(REPORT_MAIL_MESSAGES.saveFailed);
    expect(toggle).toBeChecked();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });
});
