import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "../../../../core/messages";
import { renderOpenDialog } from "../../../test/render";
import { ChangePasswordDialog, PASSWORD_CHANGED_CLOSE_DELAY_MS } from "./change-password-dialog";

type Call = { method: string; pathname: string; body: unknown };

/** Stubs fetch for POST /api/auth/change-password with the given answer and records every call. */
function stubChangePassword(status: number, body: unknown) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), "http://localhost");
      calls.push({
        method: init?.method ?? "GET",
        pathname,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      if (pathname !== "/api/auth/change-password") return new Response(null, { status: 404 });
      return Response.json(body, { status });
    }),
  );
  return calls;
}

const renderDialog = (user = userEvent.setup()) => renderOpenDialog(ChangePasswordDialog, { user }).user;

const submitButton = () => screen.getByRole("button", { name: "Update Password" });
const checklistItem = (label: string) => screen.getByText(label).closest("li");

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  { current, next, confirm }: { current?: string; next?: string; confirm?: string },
) {
  if (current) await user.type(screen.getByLabelText("Current password"), current);
  if (next) await user.type(screen.getByLabelText("New password"), next);
  if (confirm) await user.type(screen.getByLabelText("Confirm new password"), confirm);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("ChangePasswordDialog", () => {
  it("asks for the current password, the new one and its confirmation, each with a show/hide toggle", () => {
    stubChangePassword(200, { status: true });
    renderDialog();
    const dialog = screen.getByRole("dialog", { name: "Change Password" });
    for (const label of ["Current password", "New password", "Confirm new password"]) {
      expect(within(dialog).getByLabelText(label)).toHaveAttribute("type", "password");
      expect(within(dialog).getByRole("button", { name: `Show ${label.toLowerCase()}` })).toBeInTheDocument();
    }
  });

  it("ticks the checklist items off as the new password is typed", async () => {
    stubChangePassword(200, { status: true });
    const user = renderDialog();
    expect(checklistItem("At least 6 characters")).toHaveTextContent("(not yet)");
    expect(checklistItem("Passwords match")).toHaveTextContent("(not yet)");

    await fillIn(user, { next: "shepherd" });
    expect(checklistItem("At least 6 characters")).toHaveTextContent("(done)");
    expect(checklistItem("Passwords match")).toHaveTextContent("(not yet)");

    await fillIn(user, { confirm: "shepherd" });
    expect(checklistItem("Passwords match")).toHaveTextContent("(done)");
  });

  it("keeps Update Password disabled while a field is empty or the new passwords differ", async () => {
    stubChangePassword(200, { status: true });
    const user = renderDialog();
    expect(submitButton()).toBeDisabled();

    await fillIn(user, { next: "shepherd", confirm: "shepherd" });
    expect(submitButton()).toBeDisabled();

    await fillIn(user, { current: "old-secret" });
    expect(submitButton()).toBeEnabled();

    await user.type(screen.getByLabelText("Confirm new password"), "x");
    expect(submitButton()).toBeDisabled();
  });

  it("refuses a too-short password without calling the server", async () => {
    const calls = stubChangePassword(200, { status: true });
    const user = renderDialog();
    await fillIn(user, { current: "old-secret", next: "abc", confirm: "abc" });
    await user.click(submitButton());

    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.passwordTooShort);
    expect(calls).toEqual([]);
  });

  it("sends both passwords, shows the success message, then closes after 3 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubChangePassword(200, { status: true });
    const user = renderDialog(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    await fillIn(user, { current: "old-secret", next: "shepherd", confirm: "shepherd" });
    await user.click(submitButton());

    expect(await screen.findByText("Password Updated!")).toBeInTheDocument();
    expect(screen.getByText("Your password has been successfully changed.")).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: "POST",
        pathname: "/api/auth/change-password",
        body: { currentPassword: "old-secret", newPassword: "shepherd" },
      },
    ]);

    act(() => vi.advanceTimersByTime(PASSWORD_CHANGED_CLOSE_DELAY_MS - 100));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    // Reopened, it starts afresh rather than on the success message.
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByLabelText("New password")).toHaveValue("");
    expect(screen.queryByText("Password Updated!")).not.toBeInTheDocument();
  });

  it("shows the server's message when the change is refused", async () => {
    stubChangePassword(400, { message: "Invalid password" });
    const user = renderDialog();
    await fillIn(user, { current: "wrong-one", next: "shepherd", confirm: "shepherd" });
    await user.click(submitButton());

    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid password");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("falls back to 'Failed to update password' when the server gives no message", async () => {
    stubChangePassword(500, {});
    const user = renderDialog();
    await fillIn(user, { current: "old-secret", next: "shepherd", confirm: "shepherd" });
    await user.click(submitButton());

    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.passwordUpdateFailed);
  });

  it.each([
    [
      "Cancel",
      (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole("button", { name: "Cancel" })),
    ],
    ["Escape", (user: ReturnType<typeof userEvent.setup>) => user.keyboard("{Escape}")],
  ])("closes on %s and forgets the fields and errors", async (_how, closeIt) => {
    stubChangePassword(200, { status: true });
    const user = renderDialog();
    await fillIn(user, { current: "old-secret", next: "abc", confirm: "abc" });
    await user.click(submitButton());
    expect(screen.getByRole("alert")).toBeInTheDocument();

    await closeIt(user);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByLabelText("Current password")).toHaveValue("");
    expect(screen.getByLabelText("New password")).toHaveValue("");
    expect(screen.getByLabelText("Confirm new password")).toHaveValue("");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
