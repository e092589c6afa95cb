import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { CARE_MAIL_MESSAGES, type CareMailsLeader } from "../../../../core/schemas/moderation";
import { renderWithApp } from "../../../test/render";
import LeaderPage from "./leader-page";
import { makeProfile, stubApi } from "./moderation-test-data";

const m = CARE_MAIL_MESSAGES;

const renderPage = () =>
  renderWithApp(
    <Routes>
      <Route path="/" element={<p>Home page</p>} />
      <Route path="/leader" element={<LeaderPage />} />
    </Routes>,
    { path: "/leader" },
  );

const leaders = (): CareMailsLeader[] => [
  { id: "user-boaz", username: "boaz", careMails: true },
  { id: "user-eli", username: "eli", careMails: false },
];

describe("care alerts by email on the leader page", () => {
  it("lets an admin turn a leader's care mails off from the keyboard, and says it saved", async () => {
    let list = leaders();
    const calls = stubApi({
      "GET /api/profile": { body: makeProfile({ role: "admin" }) },
      "GET /api/leader/queue": { body: { reports: [], nextCursor: null } },
      "GET /api/leader/care-mails": () => ({ body: { leaders: list } }),
      "PUT /api/leader/care-mails/user-boaz": (body) => {
        const on = (body as { on: boolean }).on;
        list = list.map((leader) => (leader.id === "user-boaz" ? { ...leader, careMails: on } : leader));
        return { body: { id: "user-boaz", username: "boaz", careMails: on } };
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole("tab", { name: m.tab }));
    const section = await screen.findByRole("region", { name: m.heading });
    expect(within(section).getByText(m.help)).toBeInTheDocument();

    const boaz = await within(section).findByRole("switch", { name: m.switchLabel("boaz") });
    expect(boaz).toHaveAttribute("aria-checked", "true");
    expect(within(section).getByRole("switch", { name: m.switchLabel("eli") })).toHaveAttribute(
      "aria-checked",
      "false",
    );
    boaz.focus();
    await user.keyboard("{Enter}");

    expect(await within(section).findByRole("status")).toHaveTextContent(m.saved);
    expect(boaz).toHaveAttribute("aria-checked", "false");
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({
      pathname: "/api/leader/care-mails/user-boaz",
      body: { on: false },
    });
  });

  it("puts the switch back and says so when the server refuses", async () => {
    stubApi({
      "GET /api/profile": { body: makeProfile({ role: "admin" }) },
      "GET /api/leader/queue": { body: { reports: [], nextCursor: null } },
      "GET /api/leader/care-mails": { body: { leaders: leaders() } },
      "PUT /api/leader/care-mails/user-boaz": {
        status: 422,
        body: { error: { code: "not_a_leader", message: m.notLeader } },
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole("tab", { name: m.tab }));
    const boaz = await screen.findByRole("switch", { name: m.switchLabel("boaz") });
    await user.click(boaz);
    expect(await screen.findByRole("alert")).toHaveTextContent(m.notLeader);
    expect(boaz).toHaveAttribute("aria-checked", "true");
  });

  it("says when there are no leaders yet", async () => {
    stubApi({
      "GET /api/profile": { body: makeProfile({ role: "admin" }) },
      "GET /api/leader/queue": { body: { reports: [], nextCursor: null } },
      "GET /api/leader/care-mails": { body: { leaders: [] } },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole("tab", { name: m.tab }));
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
  });

  it("is not offered to a leader", async () => {
    stubApi({
      "GET /api/profile": { body: makeProfile({ role: "leader" }) },
      "GET /api/leader/queue": { body: { reports: [], nextCursor: null } },
    });
    renderPage();
    expect(await screen.findByRole("tab", { name: "Reports" })).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: m.tab })).not.toBeInTheDocument();
  });
});
