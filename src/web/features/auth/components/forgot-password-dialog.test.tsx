import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderOpenDialog } from "../../../test/render";
import { ForgotPasswordDialog } from "./forgot-password-dialog";

const renderDialog = () => renderOpenDialog(ForgotPasswordDialog).user;

/** A fetch whose response the test sends when it is ready, to see the pending state. */
function stubDeferredFetch() {
  let respond: (response: Response) => void = () => {};
  const fetchMock = vi.fn(
    (_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (respond = resolve)),
  );
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, respond: (status: number, body: unknown) => respond(Response.json(body, { status })) };
}

// The dialog's own X button is also called 'Close'; the step's button is the one in the dialog's body.
function stepCloseButton() {
  const buttons = within(screen.getByRole("dialog")).getAllByRole("button", { name: "Close" });
  const button = buttons.at(-1);
  if (!button) throw new Error("no Close button");
  return button;
}

describe("ForgotPasswordDialog", () => {
  it("keeps 'Send Reset Link' disabled while the email is blank", async () => {
    const user = renderDialog();

    const dialog = screen.getByRole("dialog", { name: "Forgot Password" });
    const email = within(dialog).getByLabelText("Email");
    const send = within(dialog).getByRole("button", { name: "Send Reset Link" });
    expect(email).toHaveFocus();
    expect(send).toBeDisabled();

    await user.type(email, "   ");
    expect(send).toBeDisabled();

    await user.type(email, "ruth@example.com");
    expect(send).toBeEnabled();
  });

  it("goes from email to sent, reading 'Sending...' while pending", async () => {
    const { fetchMock, respond } = stubDeferredFetch();
    const user = renderDialog();

    await user.type(screen.getByLabelText("Email"), " Ruth@Example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));

    expect(await screen.findByRole("button", { name: "Sending..." })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/api\/auth\/request-password-reset$/);
    expect(JSON.parse(String(init?.body))).toEqual({ email: "ruth@example.com" });

    respond(200, { status: true });

    const dialog = await screen.findByRole("dialog", { name: "Check Your Email" });
    expect(dialog).toHaveTextContent(
      "If an account exists for Ruth@Example.com, a reset link is on its way.",
    );
    expect(dialog).toHaveTextContent("The link expires in 1 hour.");
    expect(stepCloseButton()).toHaveFocus();
  });

  it("goes from email to error and back with 'Try Again', keeping the email", async () => {
    const { respond } = stubDeferredFetch();
    const user = renderDialog();

    await user.type(screen.getByLabelText("Email"), "ruth@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    respond(429, {
      error: {
        code: "too_many_requests",
        message: "Too many reset requests for this email. Please wait an hour and try again.",
      },
    });

    const dialog = await screen.findByRole("dialog", { name: "Reset Failed" });
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      "Too many reset requests for this email. Please wait an hour and try again.",
    );
    expect(dialog).toHaveTextContent("Please check your email address and try again.");
    expect(stepCloseButton()).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Try Again" }));

    expect(screen.getByRole("dialog", { name: "Forgot Password" })).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("ruth@example.com");
    expect(screen.getByLabelText("Email")).toHaveFocus();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows 'Failed to send reset email' when the server gives no message", async () => {
    const { respond } = stubDeferredFetch();
    const user = renderDialog();

    await user.type(screen.getByLabelText("Email"), "ruth@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    respond(500, {});

    const dialog = await screen.findByRole("dialog", { name: "Reset Failed" });
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Failed to send reset email");
  });

  it("reports a malformed email in the error step without calling the server", async () => {
    const { fetchMock } = stubDeferredFetch();
    const user = renderDialog();

    await user.type(screen.getByLabelText("Email"), "ruth-at-example{Enter}");

    const dialog = await screen.findByRole("dialog", { name: "Reset Failed" });
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please enter a valid email address.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("forgets the email and the step when closed", async () => {
    const { respond } = stubDeferredFetch();
    const user = renderDialog();

    await user.type(screen.getByLabelText("Email"), "ruth@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    respond(200, { status: true });
    await screen.findByRole("dialog", { name: "Check Your Email" });

    await user.click(stepCloseButton());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByRole("dialog", { name: "Forgot Password" })).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("");
  });

  it("closes with Escape", async () => {
    const user = renderDialog();

    await user.type(screen.getByLabelText("Email"), "ruth@example.com");
    await user.keyboard("{Escape}");

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
