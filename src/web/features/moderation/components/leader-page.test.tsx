import { screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { REPORT_MESSAGES } from "../../../../core/schemas/moderation";
import { renderWithApp } from "../../../test/render";
import LeaderPage from "./leader-page";
import { makeAuditEntry, makeProfile, makeReport, stubApi } from "./moderation-test-data";

const renderPage = () =>
  renderWithApp(
    <Routes>
      <Route path="/" element={<p>Home page</p>} />
      <Route path="/leader" element={<LeaderPage />} />
    </Routes>,
    { path: "/leader" },
  );

const queueAnswer = (reports: ReturnType<typeof makeReport>[], nextCursor: string | null = null) => ({
  body: { reports, nextCursor },
});

describe("the leader page", () => {
  it("sends a member home without asking for the queue", async () => {
    const calls = stubApi({ "GET /api/profile": { body: makeProfile({ role: "member" }) } });
    renderPage();
    expect(await screen.findByText("Home page")).toBeInTheDocument();
    expect(calls.map((call) => call.pathname)).toEqual(["/api/profile"]);
  });

  it("sends the reader home when the server refuses the queue", async () => {
    stubApi({
      "GET /api/profile": { body: makeProfile({ role: "leader" }) },
      "GET /api/leader/queue": {
        status: 403,
        body: { error: { code: "forbidden", message: REPORT_MESSAGES.leadersOnly } },
      },
    });
    renderPage();
    expect(await screen.findByText("Home page")).toBeInTheDocument();
  });

  it("shows a loading text, then each report with what was written, as plain text", async () => {
    stubApi({
      "GET /api/profile": { body: makeProfile() },
      "GET /api/leader/queue": queueAnswer([
        makeReport({ reportCount: 3 }, { hidden: true, text: "<b>Text me</b>\n555 0100" }),
        makeReport(
          { id: "report-2", reason: "unkind", note: null, reporter: null },
          { targetType: "message", targetId: "7", groupName: "Youth Night", author: null },
        ),
      ]),
    });
    renderPage();
    expect(await screen.findByText("Loading reports...")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Leader review" })).toBeInTheDocument();

    const post = await screen.findByRole("article", { name: "Post by boaz" });
    const text = within(post).getByText(/Text me/);
    expect(text.textContent).toBe("<b>Text me</b>\n555 0100");
    expect(text).toHaveClass("whitespace-pre-wrap");
    expect(post.querySelector("b")).toBeNull();
    expect(within(post).getByText("Hidden")).toBeInTheDocument();
    expect(within(post).getByText("3 reports")).toBeInTheDocument();
    expect(within(post).getByText("Sunday Explorers")).toBeInTheDocument();
    expect(within(post).getByText("Shares personal information")).toBeInTheDocument();
    expect(within(post).getByText("He asked her to text him.")).toBeInTheDocument();
    expect(within(post).getByText("naomi")).toBeInTheDocument();
    expect(
      within(post)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Dismiss", "Hide", "Delete", "Mute 24 hours", "Mute 7 days"]);

    const message = screen.getByRole("article", { name: "Chat message by Someone" });
    expect(within(message).getByText("1 report")).toBeInTheDocument();
    expect(within(message).getByText("Youth Night")).toBeInTheDocument();
    expect(within(message).getByText("Unkind or bullying")).toBeInTheDocument();
    expect(within(message).queryByText("Hidden")).not.toBeInTheDocument();
    expect(within(message).queryByText("Note")).not.toBeInTheDocument();
    // Nobody to mute when the author's account is gone.
    expect(within(message).queryByRole("button", { name: "Mute 24 hours" })).not.toBeInTheDocument();
  });

  it("asks why before an action, sends it, and moves the focus to the next card once the report leaves", async () => {
    let reports = [
      makeReport(),
      // The same post, reported again: the action closes it too.
      makeReport({ id: "report-2" }),
      makeReport(
        { id: "report-3" },
        { targetType: "comment", targetId: "comment-9", author: { id: "u", username: "eli" } },
      ),
    ];
    const calls = stubApi({
      "GET /api/profile": { body: makeProfile() },
      "GET /api/leader/queue": () => queueAnswer(reports),
      "POST /api/leader/reports/report-1/action": () => {
        reports = reports.filter((report) => report.item.targetId !== "post-1");
        return { body: { report: { id: "report-1", status: "actioned" } } };
      },
    });
    const { user } = renderPage();
    const first = (await screen.findAllByRole("article", { name: "Post by boaz" }))[0] as HTMLElement;
    await user.click(within(first).getByRole("button", { name: "Delete" }));

    const dialog = await screen.findByRole("dialog", { name: "Delete this post?" });
    const why = within(dialog).getByLabelText("Why? (kept in the audit log)");
    expect(why).toHaveFocus();
    expect(why).toBeRequired();
    const confirm = within(dialog).getByRole("button", { name: "Delete" });
    expect(confirm).toBeDisabled();
    await user.type(why, "   ");
    expect(confirm).toBeDisabled();
    await user.type(why, "Shares a phone number ");
    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === "POST")).toEqual({
      method: "POST",
      pathname: "/api/leader/reports/report-1/action",
      body: { action: "delete", reason: "Shares a phone number" },
    });
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Post by boaz" })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole("article", { name: "Comment by eli" })).toHaveFocus();
  });

  it("sends how long a mute lasts, keeps the card and shows why when the action fails", async () => {
    const calls = stubApi({
      "GET /api/profile": { body: makeProfile() },
      "GET /api/leader/queue": queueAnswer([makeReport()]),
      "POST /api/leader/reports/report-1/action": {
        status: 404,
        body: { error: { code: "not_found", message: REPORT_MESSAGES.reportNotFound } },
      },
    });
    const { user } = renderPage();
    const card = await screen.findByRole("article", { name: "Post by boaz" });
    await user.click(within(card).getByRole("button", { name: "Mute 7 days" }));
    const dialog = await screen.findByRole("dialog", { name: "Mute boaz for 7 days?" });
    await user.type(within(dialog).getByLabelText("Why? (kept in the audit log)"), "Asked to meet");
    await user.click(within(dialog).getByRole("button", { name: "Mute 7 days" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(REPORT_MESSAGES.reportNotFound);
    expect(calls.at(-1)?.body).toEqual({ action: "mute", muteFor: "7d", reason: "Asked to meet" });
    expect(within(dialog).getByLabelText("Why? (kept in the audit log)")).toHaveValue("Asked to meet");

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(within(card).getByRole("button", { name: "Mute 7 days" })).toHaveFocus());
  });

  it("moves the focus to the heading when the last report leaves, and thanks the leader", async () => {
    let reports = [makeReport()];
    stubApi({
      "GET /api/profile": { body: makeProfile() },
      "GET /api/leader/queue": () => queueAnswer(reports),
      "POST /api/leader/reports/report-1/action": () => {
        reports = [];
        return { body: { report: { id: "report-1", status: "dismissed" } } };
      },
    });
    const { user } = renderPage();
    const card = await screen.findByRole("article", { name: "Post by boaz" });
    await user.click(within(card).getByRole("button", { name: "Dismiss" }));
    const dialog = await screen.findByRole("dialog", { name: "Dismiss this report?" });
    await user.type(
      within(dialog).getByLabelText("Why? (kept in the audit log)"),
      "Just a joke between friends",
    );
    await user.click(within(dialog).getByRole("button", { name: "Dismiss" }));
    expect(
      await screen.findByText("Nothing to review. Thank you for keeping Lamplight safe!"),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("heading", { name: "Reports" })).toHaveFocus());
  });

  it("loads the next page on 'Show more reports'", async () => {
    const calls = stubApi({
      "GET /api/profile": { body: makeProfile() },
      "GET /api/leader/queue": () =>
        // The call being answered is already counted.
        calls.filter((call) => call.pathname === "/api/leader/queue").length > 1
          ? queueAnswer([makeReport({ id: "report-2" }, { author: { id: "u2", username: "ruth" } })])
          : queueAnswer([makeReport()], "cursor-2"),
    });
    const { user } = renderPage();
    await screen.findByRole("article", { name: "Post by boaz" });
    await user.click(screen.getByRole("button", { name: "Show more reports" }));
    expect(await screen.findByRole("article", { name: "Post by ruth" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show more reports" })).not.toBeInTheDocument();
  });

  it("shows a reported profile picture and removes it after asking why", async () => {
    let reports = [
      makeReport(
        { id: "report-avatar" },
        {
          targetType: "avatar",
          targetId: "user-author",
          text: null,
          pictureUrl: "/uploads/user-uploads/user-author/avatar/1.webp",
        },
      ),
      makeReport(
        { id: "report-gone" },
        {
          targetType: "avatar",
          targetId: "user-eli",
          text: null,
          author: { id: "user-eli", username: "eli" },
        },
      ),
    ];
    const calls = stubApi({
      "GET /api/profile": { body: makeProfile() },
      "GET /api/leader/queue": () => queueAnswer(reports),
      "POST /api/leader/reports/report-avatar/action": () => {
        reports = reports.filter((report) => report.id !== "report-avatar");
        return { body: { report: { id: "report-avatar", status: "actioned" } } };
      },
    });
    const { user } = renderPage();
    const card = await screen.findByRole("article", { name: "Profile picture of boaz" });
    expect(within(card).getByRole("img", { name: "boaz's avatar" })).toHaveAttribute(
      "src",
      "/uploads/user-uploads/user-author/avatar/1.webp",
    );
    // A picture is removed, never hidden or deleted as a post is.
    expect(within(card).queryByRole("button", { name: "Hide" })).not.toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    // One already removed or changed has nothing left to remove.
    const gone = screen.getByRole("article", { name: "Profile picture of eli" });
    expect(within(gone).getByText("This picture has been removed or changed.")).toBeInTheDocument();
    expect(within(gone).queryByRole("button", { name: "Remove picture" })).not.toBeInTheDocument();

    await user.click(within(card).getByRole("button", { name: "Remove picture" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove this picture?" });
    await user.type(within(dialog).getByLabelText("Why? (kept in the audit log)"), "Shows a school badge");
    await user.click(within(dialog).getByRole("button", { name: "Remove picture" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === "POST")).toEqual({
      method: "POST",
      pathname: "/api/leader/reports/report-avatar/action",
      body: { action: "remove_avatar", reason: "Shows a school badge" },
    });
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Profile picture of boaz" })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole("article", { name: "Profile picture of eli" })).toHaveFocus();
  });

  it("shows photos and videos and profile pictures in one tab", async () => {
    stubApi({
      "GET /api/profile": { body: makeProfile() },
      "GET /api/leader/queue": queueAnswer([]),
      "GET /api/leader/media": { body: { media: [], nextCursor: null } },
      "GET /api/leader/avatars": { body: { avatars: [], nextCursor: null } },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole("tab", { name: "Photos and videos" }));
    const panel = screen.getByRole("tabpanel", { name: "Photos and videos" });
    expect(
      within(panel)
        .getAllByRole("heading", { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(["Photos and videos", "Profile pictures"]);
    expect(await within(panel).findByText("No profile pictures waiting.")).toBeInTheDocument();
  });

  it("shows leaders the four review tabs and who is muted, but no audit log", async () => {
    const calls = stubApi({
      "GET /api/profile": { body: makeProfile({ role: "leader" }) },
      "GET /api/leader/queue": queueAnswer([]),
    });
    renderPage();
    expect(
      await screen.findByText("Nothing to review. Thank you for keeping Lamplight safe!"),
    ).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Reports",
      "Photos and videos",
      "AI helper",
      "Questions",
      "Muted",
    ]);
    expect(screen.queryByText("Audit log")).not.toBeInTheDocument();
    expect(calls.some((call) => call.pathname === "/api/leader/audit")).toBe(false);
  });

  it("shows children's questions for a leader in the 'Questions' tab", async () => {
    stubApi({
      "GET /api/profile": { body: makeProfile({ role: "leader" }) },
      "GET /api/leader/queue": queueAnswer([]),
      "GET /api/leader/questions": { body: { questions: [], nextCursor: null } },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole("tab", { name: "Questions" }));
    const panel = screen.getByRole("tabpanel", { name: "Questions" });
    expect(within(panel).getByRole("heading", { level: 2, name: "Waiting for a reply" })).toBeInTheDocument();
    expect(
      await within(panel).findByText("No questions waiting. Thank you for answering them!"),
    ).toBeInTheDocument();
  });

  it("gives admins the audit log in a tab of its own, newest first, with when, who, what and why", async () => {
    stubApi({
      "GET /api/profile": { body: makeProfile({ role: "admin" }) },
      "GET /api/leader/queue": queueAnswer([]),
      "GET /api/leader/audit": {
        body: {
          entries: [
            makeAuditEntry({
              id: 2,
              action: "mute",
              targetType: "user",
              targetId: "user-author",
              details: { muteFor: "24h" },
              reason: "Asked to meet",
            }),
            makeAuditEntry(),
            makeAuditEntry({
              id: 0,
              action: "hide",
              actor: null,
              details: { automatic: true },
              reason: "Hidden after 3 reports",
            }),
          ],
          nextCursor: null,
        },
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole("tab", { name: "Audit log" }));
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    const [mute, remove, hide] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(mute).getByText("Muted for 24 hours")).toBeInTheDocument();
    expect(within(mute).getByText("Asked to meet")).toBeInTheDocument();
    expect(within(mute).getByText("Member")).toBeInTheDocument();
    expect(within(remove).getByText("Deleted")).toBeInTheDocument();
    expect(within(remove).getByText("pastor_ann")).toBeInTheDocument();
    expect(within(remove).getByText("Shared a phone number")).toBeInTheDocument();
    expect(remove.querySelector("time")).toHaveAttribute("dateTime", "2026-11-21T12:00:00.000Z");
    expect(within(hide).getByText("Hid")).toBeInTheDocument();
    expect(within(hide).getByText("Automatic, after reports")).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Reports" }));
    expect(
      await screen.findByText("Nothing to review. Thank you for keeping Lamplight safe!"),
    ).toBeInTheDocument();
  });
});
