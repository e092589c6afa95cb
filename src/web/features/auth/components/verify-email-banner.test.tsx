import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../../test/render";
import { sessionUser } from "../../../test/session-user";
import { sessionQuery } from "../api/get-session";
import { VerifyEmailBanner } from "./verify-email-banner";

function renderBanner(emailVerified: boolean) {
  const rendered = renderWithApp(<VerifyEmailBanner />);
  rendered.queryClient.setQueryData(sessionQuery.queryKey, {
    user: sessionUser({ email: "ruth@example.com", emailVerified }),
  });
  return rendered;
}

describe("VerifyEmailBanner", () => {
  it("asks an unconfirmed account to confirm, and 'Send again' mails a new link, said aloud", async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      String(url).endsWith("/auth/session")
        ? Response.json({ user: { id: "u1", email: "ruth@example.com", emailVerified: false } })
        : Response.json({ ok: true }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { user } = renderBanner(false);

    const banner = await screen.findByRole("region", { name: "Please confirm your email" });
    expect(banner).toHaveTextContent("We sent a link to ruth@example.com.");
    // The keyboard reaches it like any button.
    await user.tab();
    const sendAgain = screen.getByRole("button", { name: "Send again" });
    expect(sendAgain).toHaveFocus();
    await user.keyboard("{Enter}");

    expect(await screen.findByRole("status")).toHaveTextContent("We've sent a new link to ruth@example.com.");
    const sent = fetchMock.mock.calls.filter(([url]) =>
      String(url).endsWith("/api/auth/send-verification-email"),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.[1]?.method).toBe("POST");
  });

  it("shows the limit's message when too many were asked for", async () => {
    const message =
      "We've sent that email a few times already. Please check your inbox, or try again in an hour.";
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: { code: "too_many_requests", message } }, { status: 429 })),
    );
    const { user } = renderBanner(false);
    await user.click(await screen.findByRole("button", { name: "Send again" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });

  it("is not there once the address is confirmed", () => {
    renderBanner(true);
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send again" })).not.toBeInTheDocument();
  });
});
