import { screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { AI_FLAG_LABELS, type AiFlag, REPORT_MESSAGES } from "../../../../core/schemas/moderation";
import { renderWithApp } from "../../../test/render";
import { AiFlags } from "./ai-flags";
import { stubApi } from "./moderation-test-data";

function makeFlag(overrides: Partial<AiFlag> = {}): AiFlag {
  return {
    id: "flag-1",
    kind: "risky_question",
    priority: "high",
    createdAt: "2026-11-21T12:00:00.000Z",
    user: { id: "user-child", username: "little_sam" },
    story: null,
    conversationId: "conversation-1",
    input: "I'm scared to go home",
    output: null,
    ...overrides,
  };
}

const page = (flags: AiFlag[], nextCursor: string | null = null) => ({ body: { flags, nextCursor } });

describe("the AI helper's flags", () => {
  it("shows a loading text, then each flag with its label, priority, child, place, time and question", async () => {
    stubApi({
      "GET /api/leader/flags": page([
        makeFlag(),
        makeFlag({
          id: "flag-2",
          kind: "withheld_story",
          priority: "normal",
          user: { id: "user-2", username: null },
          story: { slug: "creation", title: "Creation" },
          conversationId: null,
          input: "Layer 1: Basic Understanding",
          output: "<b>Call</b> 555 123 4567",
        }),
      ]),
    });
    renderWithApp(<AiFlags />);
    expect(await screen.findByText("Loading flags...")).toBeInTheDocument();

    const risky = await screen.findByRole("article", { name: AI_FLAG_LABELS.risky_question });
    expect(within(risky).getByText("High priority")).toBeInTheDocument();
    expect(within(risky).getByText("little_sam")).toBeInTheDocument();
    expect(within(risky).getByText("AI helper")).toBeInTheDocument();
    expect(within(risky).getByText("I'm scared to go home")).toBeInTheDocument();
    expect(within(risky).getByText(/2026/).closest("time")).toHaveAttribute(
      "datetime",
      "2026-11-21T12:00:00.000Z",
    );
    // A risky question never reached an AI: there is no output to show.
    expect(within(risky).queryByText(/withheld/)).not.toBeInTheDocument();
    expect(
      within(risky)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Mark as handled", "Dismiss"]);

    const story = screen.getByRole("article", { name: AI_FLAG_LABELS.withheld_story });
    expect(within(story).queryByText("High priority")).not.toBeInTheDocument();
    expect(within(story).getByText("Someone")).toBeInTheDocument();
    expect(within(story).getByText("Creation")).toBeInTheDocument();
    const withheld = within(story).getByText("What the AI wrote (withheld)");
    const details = withheld.closest("details");
    expect(details).not.toHaveAttribute("open");
    const output = within(story).getByText(/555 123 4567/);
    expect(output.textContent).toBe("<b>Call</b> 555 123 4567");
    expect(story.querySelector("b")).toBeNull();
  });

  it("says so when nothing needs a look", async () => {
    stubApi({ "GET /api/leader/flags": page([]) });
    renderWithApp(<AiFlags />);
    expect(await screen.findByText("Nothing from the AI helper needs a look.")).toBeInTheDocument();
  });

  it("asks why before marking a flag handled, then takes it off the list", async () => {
    let open = [makeFlag(), makeFlag({ id: "flag-2", input: "nobody loves me" })];
    const calls = stubApi({
      "GET /api/leader/flags": () => page(open),
      "POST /api/leader/flags/flag-1/action": () => {
        open = open.filter((flag) => flag.id !== "flag-1");
        return { body: { flag: { id: "flag-1", status: "reviewed" } } };
      },
    });
    const { user } = renderWithApp(<AiFlags />);
    const [first] = await screen.findAllByRole("article");
    if (!first) throw new Error("no flags shown");
    await user.click(within(first).getByRole("button", { name: "Mark as handled" }));
    const dialog = await screen.findByRole("dialog", { name: "Mark this as handled?" });
    const confirm = within(dialog).getByRole("button", { name: "Mark as handled" });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Why? (kept in the audit log)"), "Called her mum");
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === "POST")).toEqual({
      method: "POST",
      pathname: "/api/leader/flags/flag-1/action",
      body: { action: "reviewed", reason: "Called her mum" },
    });
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
    expect(screen.getByText("nobody loves me")).toBeInTheDocument();
    // The focus moves on to the next flag, as the button that opened the dialog has gone.
    expect(screen.getByRole("article")).toHaveFocus();
  });

  it("keeps the dialog open with the reason when another leader got there first", async () => {
    const calls = stubApi({
      "GET /api/leader/flags": page([makeFlag()]),
      "POST /api/leader/flags/flag-1/action": {
        status: 409,
        body: { error: { code: "flag_closed", message: "A leader has already handled this." } },
      },
    });
    const { user } = renderWithApp(<AiFlags />);
    const card = await screen.findByRole("article");
    await user.click(within(card).getByRole("button", { name: "Dismiss" }));
    const dialog = await screen.findByRole("dialog", { name: "Dismiss this?" });
    await user.type(within(dialog).getByLabelText("Why? (kept in the audit log)"), "Nothing wrong");
    await user.click(within(dialog).getByRole("button", { name: "Dismiss" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("A leader has already handled this.");
    expect(calls.filter((call) => call.method === "POST").at(-1)?.body).toEqual({
      action: "dismiss",
      reason: "Nothing wrong",
    });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Dismiss" })).toHaveFocus();
  });

  it("loads more flags a page at a time", async () => {
    let asked = 0;
    stubApi({
      "GET /api/leader/flags": () => {
        asked += 1;
        return asked === 1
          ? page([makeFlag()], "next-page")
          : page([makeFlag({ id: "flag-2", input: "I want to run away" })]);
      },
    });
    const { user } = renderWithApp(<AiFlags />);
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("I want to run away")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("sends a reader the server refuses home", async () => {
    stubApi({
      "GET /api/leader/flags": {
        status: 403,
        body: { error: { code: "leaders_only", message: REPORT_MESSAGES.leadersOnly } },
      },
    });
    renderWithApp(
      <Routes>
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/leader" element={<AiFlags />} />
      </Routes>,
      { path: "/leader" },
    );
    expect(await screen.findByText("Home page")).toBeInTheDocument();
  });
});
