import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { MESSAGES } from "../../../../core/messages";
import { renderWithApp } from "../../../test/render";
import ResetPasswordPage from "./reset-password-page";

const TOKEN = "abcdefghijklmnopqrstuvwx";

/** The reset page opened from a good link, with the server's answer to the new password given. */
async function submitNewPassword(answer: () => Response) {
  window.history.replaceState(null, "", `/reset-password#token=${TOKEN}&type=recovery`);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), location.href);
      if (pathname === "/api/auth/session") return Response.json(null);
      if (pathname === "/api/auth/reset-password/verify") return Response.json({ valid: true });
      if (pathname === "/api/auth/reset-password") return answer();
      return Response.json({ error: { message: "Not found" } }, { status: 404 });
    }),
  );
  const { user } = renderWithApp(<ResetPasswordPage />, { path: "/reset-password" });
  await screen.findByRole("heading", { name: "Reset Your Password" });
  await user.type(screen.getByLabelText("New password"), "a-fresh-password");
  await user.type(screen.getByLabelText("Confirm password"), "a-fresh-password");
  await user.click(screen.getByRole("button", { name: "Update Password" }));
}

describe("the reset password form", () => {
  it("says 'Failed to update password' when the failure comes with no message", async () => {
    await submitNewPassword(() => new Response(null, { status: 500 }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.passwordUpdateFailed);
  });

  it("says 'Failed to update password' when the network fails", async () => {
    await submitNewPassword(() => {
      throw new TypeError("Failed to fetch");
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.passwordUpdateFailed);
  });

  it("shows the error's own message when there is one", async () => {
    await submitNewPassword(() =>
      Response.json(
        { error: { code: "reset_link_invalid", message: MESSAGES.resetLinkInvalid } },
        { status: 400 },
      ),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.resetLinkInvalid);
  });
});
