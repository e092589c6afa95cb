import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { REPORT_MESSAGES, REPORT_REASONS } from "../../../../core/schemas/moderation";
import { renderOpenDialog } from "../../../test/render";
import { stubApi } from "./moderation-test-data";
import { ReportDialog } from "./report-dialog";

const openReport = (targetType: "post" | "comment" | "message" = "comment") =>
  renderOpenDialog((props) => <ReportDialog targetType={targetType} targetId="target-1" {...props} />);

const dialog = () => screen.getByRole("dialog");
const button = (name: string) => within(dialog()).getByRole("button", { name });

describe("the report dialog", () => {
  it("is titled by what is reported and asks what is wrong before sending", async () => {
    stubApi({});
    const { user } = openReport("message");
    expect(screen.getByRole("dialog", { name: "Report this message" })).toBeInTheDocument();
    const group = within(dialog()).getByRole("radiogroup", { name: "What's wrong?" });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((radio) => radio.closest("label")?.textContent),
    ).toEqual(REPORT_REASONS.map((reason) => reason.label));
    expect(button("Send report")).toBeDisabled();
    await user.click(within(dialog()).getByRole("radio", { name: "Spam" }));
    expect(button("Send report")).toBeEnabled();
  });

  it("sends the reason and the note, then shows the server's thanks with a Close button", async () => {
    const calls = stubApi({
      "POST /api/reports": () => ({ status: 201, body: { message: REPORT_MESSAGES.thanks } }),
    });
    const { user } = openReport("post");
    expect(screen.getByRole("dialog", { name: "Report this post" })).toBeInTheDocument();
    await user.click(within(dialog()).getByRole("radio", { name: "Unkind or bullying" }));
    const note = within(dialog()).getByLabelText("Anything else a leader should know? (optional)");
    expect(note).toHaveAttribute("maxLength", "500");
    await user.type(note, "  He called me names.  ");
    await user.click(button("Send report"));

    const thanks = await within(dialog()).findByText(REPORT_MESSAGES.thanks);
    expect(thanks).toHaveFocus();
    expect(calls.at(-1)).toEqual({
      method: "POST",
      pathname: "/api/reports",
      body: { targetType: "post", targetId: "target-1", reason: "unkind", note: "He called me names." },
    });
    expect(within(dialog()).queryByRole("button", { name: "Send report" })).not.toBeInTheDocument();
    await user.click(within(dialog()).getAllByRole("button", { name: "Close" }).at(-1) as HTMLElement);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    // Opened again, it starts afresh.
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(button("Send report")).toBeDisabled();
    expect(within(dialog()).getByLabelText("Anything else a leader should know? (optional)")).toHaveValue("");
  });

  it("leaves a blank note out, says 'Sending...' meanwhile, and shows 'already reported'", async () => {
    const calls = stubApi({
      "POST /api/reports": { status: 200, body: { message: REPORT_MESSAGES.alreadyReported } },
    });
    // The answer waits until the test has seen the busy state.
    let respond: () => void = () => {};
    const answered = new Promise<void>((resolve) => (respond = resolve));
    const stubbed = globalThis.fetch;
    vi.stubGlobal("fetch", async (...args: Parameters<typeof fetch>) => {
      await answered;
      return stubbed(...args);
    });
    const { user } = openReport("comment");
    await user.click(within(dialog()).getByRole("radio", { name: "Spam" }));
    await user.type(within(dialog()).getByLabelText("Anything else a leader should know? (optional)"), "   ");
    await user.click(button("Send report"));
    expect(button("Sending...")).toBeDisabled();
    await user.keyboard("{Escape}");
    expect(dialog()).toBeInTheDocument();
    respond();
    expect(await within(dialog()).findByText(REPORT_MESSAGES.alreadyReported)).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ targetType: "comment", targetId: "target-1", reason: "spam" });
  });

  it("shows the server's error in an alert and keeps the choices", async () => {
    stubApi({
      "POST /api/reports": {
        status: 404,
        body: { error: { code: "not_found", message: REPORT_MESSAGES.notFound } },
      },
    });
    const { user } = openReport("comment");
    await user.click(within(dialog()).getByRole("radio", { name: "Something else" }));
    await user.type(within(dialog()).getByLabelText("Anything else a leader should know? (optional)"), "Odd");
    await user.click(button("Send report"));
    expect(await within(dialog()).findByRole("alert")).toHaveTextContent(REPORT_MESSAGES.notFound);
    expect(within(dialog()).getByRole("radio", { name: "Something else" })).toBeChecked();
    expect(within(dialog()).getByLabelText("Anything else a leader should know? (optional)")).toHaveValue(
      "Odd",
    );
    expect(button("Send report")).toBeEnabled();
  });
});
