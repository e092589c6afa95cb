import { screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { MUTE_MESSAGES, type MutedMember } from "../../../../core/schemas/moderation";
import { renderWithApp } from "../../../test/render";
import LeaderPage from "./leader-page";
import { makeProfile, stubApi } from "./moderation-test-data";
import { ADMIN_LIFTS_HINT, NO_MUTES } from "./muted-members";

function makeMute(
  overrides: Partial<MutedMember> = {},
  user: Partial<MutedMember["user"]> = {},
): MutedMember {
  return {
    // Midday UTC, so the date reads the same in every time zone the tests might run in.
    mutedUntil: "2026-11-22T12:00:00.000Z",
    canLift: true,
    ...overrides,
    user: { id: "user-boaz", username: "boaz", ...user },
  };
}

const renderPage = () =>
  renderWithApp(
    <Routes>
      <Route path="/" element={<p>Home page</p>} />
      <Route path="/leader" element={<LeaderPage />} />
    </Routes>,
    { path: "/leader" },
  );

const openTab = async (user: ReturnType<typeof renderPage>["user"]) => {
  await user.click(await screen.findByRole("tab", { name: "Muted" }));
  return screen.findByRole("region", { name: "Muted members" });
};

const REASON_LABEL = "Why? (kept in the audit log)";

describe("the muted members on the leader review", () => {
  it("lifts a mute from the keyboard after asking why, and moves on to the next member", async () => {
    let mutes = [
      makeMute(),
      makeMute(
        { canLift: false, mutedUntil: "2026-11-28T12:00:00.000Z" },
        { id: "user-eli", username: "eli" },
      ),
      makeMute({}, { id: "user-ruth", username: "ruth" }),
    ];
    const calls = stubApi({
      "GET /api/profile": { body: makeProfile() },
      "GET /api/leader/queue": { body: { reports: [], nextCursor: null } },
      "GET /api/leader/mutes": () => ({ body: { mutes } }),
      "POST /api/leader/mutes/user-boaz/lift": () => {
        mutes = mutes.filter((entry) => entry.user.id !== "user-boaz");
        return { body: { user: { id: "user-boaz" }, mutedUntil: null } };
      },
    });
    const { user } = renderPage();
    const section = await openTab(user);
    const boaz = await within(section).findByRole("article", { name: "boaz" });
    expect(within(boaz).getByText("Muted until")).toBeInTheDocument();
    expect(within(boaz).getByRole("time")).toHaveAttribute("datetime", "2026-11-22T12:00:00.000Z");
    // A leader's mute is for an admin to lift: shown, with no button.
    const eli = within(section).getByRole("article", { name: "eli" });
    expect(within(eli).queryByRole("button", { name: "Lift mute" })).not.toBeInTheDocument();
    expect(within(eli).getByText(ADMIN_LIFTS_HINT)).toBeInTheDocument();

    const button = within(boaz).getByRole("button", { name: "Lift mute" });
    button.focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Lift boaz's mute?" });
    const reason = within(dialog).getByLabelText(REASON_LABEL);
    expect(reason).toHaveFocus();
    expect(within(dialog).getByRole("button", { name: "Lift mute" })).toBeDisabled();
    await user.keyboard("Said sorry to the group");
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole("button", { name: "Lift mute" })).toHaveFocus();
    await user.keyboard("{Enter}");

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      {
        method: "POST",
        pathname: "/api/leader/mutes/user-boaz/lift",
        body: { reason: "Said sorry to the group" },
      },
    ]);
    await waitFor(() =>
      expect(within(section).queryByRole("article", { name: "boaz" })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(within(section).getByRole("article", { name: "eli" })).toHaveFocus());
  });

  it("keeps the dialog open with the reason when refused, and goes back to the button on Cancel", async () => {
    stubApi({
      "GET /api/profile": { body: makeProfile() },
      "GET /api/leader/queue": { body: { reports: [], nextCursor: null } },
      "GET /api/leader/mutes": { body: { mutes: [makeMute()] } },
      "POST /api/leader/mutes/user-boaz/lift": {
        status: 403,
        body: { error: { code: "admins_only", message: MUTE_MESSAGES.adminsOnly } },
      },
    });
    const { user } = renderPage();
    const section = await openTab(user);
    const button = within(await within(section).findByRole("article", { name: "boaz" })).getByRole("button", {
      name: "Lift mute",
    });
    await user.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Lift boaz's mute?" });
    await user.type(within(dialog).getByLabelText(REASON_LABEL), "Calmer now");
    await user.click(within(dialog).getByRole("button", { name: "Lift mute" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(MUTE_MESSAGES.adminsOnly);
    expect(within(dialog).getByLabelText(REASON_LABEL)).toHaveValue("Calmer now");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(button).toHaveFocus());
  });

  it("says so when the mute had already ended, and when nobody is muted", async () => {
    let mutes = [makeMute()];
    stubApi({
      "GET /api/profile": { body: makeProfile() },
      "GET /api/leader/queue": { body: { reports: [], nextCursor: null } },
      "GET /api/leader/mutes": () => ({ body: { mutes } }),
      "POST /api/leader/mutes/user-boaz/lift": () => {
        mutes = [];
        return { status: 409, body: { error: { code: "not_muted", message: MUTE_MESSAGES.notMuted } } };
      },
    });
    const { user } = renderPage();
    const section = await openTab(user);
    await user.click(
      within(await within(section).findByRole("article", { name: "boaz" })).getByRole("button", {
        name: "Lift mute",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Lift boaz's mute?" });
    await user.type(within(dialog).getByLabelText(REASON_LABEL), "Over already?");
    await user.click(within(dialog).getByRole("button", { name: "Lift mute" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(section).getByRole("status")).toHaveTextContent(MUTE_MESSAGES.notMuted);
    expect(await within(section).findByText(NO_MUTES)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(section).getByRole("heading", { name: "Muted members" })).toHaveFocus(),
    );
  });
});
