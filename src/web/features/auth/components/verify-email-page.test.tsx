import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EMAIL_VERIFICATION_MESSAGES } from "../../../../core/email-verification";
import { renderWithApp } from "../../../test/render";
import VerifyEmailPage from "./verify-email-page";

const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6InJ1dGhAZXhhbXBsZS5jb20ifQ.c2lnbmF0dXJl";

/** Answers the page's calls: the session, the link's confirmation and 'Send a new link'. */
function stubServer({
  session,
  verify,
}: {
  session: { id: string; email: string; emailVerified: boolean } | null;
  verify: [number, unknown];
}) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (String(url).endsWith("/auth/session")) return Response.json({ user: session });
    if (String(url).endsWith("/auth/verify-email")) return Response.json(verify[1], { status: verify[0] });
    return Response.json({ ok: true });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function openLink(hash: string) {
  window.history.replaceState(null, "", `/verify-email${hash}`);
  return renderWithApp(<VerifyEmailPage />, { path: "/verify-email" });
}

afterEach(() => window.history.replaceState(null, "", "/"));

describe("VerifyEmailPage", () => {
  it("confirms the address from the link's fragment, says so, and clears the token from the address bar", async () => {
    const fetchMock = stubServer({ session: null, verify: [200, { status: "confirmed" }] });
    openLink(`#token=${TOKEN}`);

    expect(await screen.findByRole("heading", { name: "Email Confirmed" })).toBeInTheDocument();
    expect(screen.getByText(EMAIL_VERIFICATION_MESSAGES.confirmed)).toBeInTheDocument();
    expect(window.location.hash).toBe("");
    const verifyCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/auth/verify-email"));
    expect(JSON.parse(String(verifyCall?.[1]?.body))).toEqual({ token: TOKEN });
    expect(screen.getByRole("link", { name: "Back to Sign In" })).toHaveAttribute("href", "/");
  });

  it("says an expired link expired, and a signed-out reader how to get a new one", async () => {
    stubServer({
      session: null,
      verify: [
        410,
        { error: { code: "verification_link_expired", message: EMAIL_VERIFICATION_MESSAGES.expired } },
      ],
    });
    openLink(`#token=${TOKEN}`);

    expect(await screen.findByText(EMAIL_VERIFICATION_MESSAGES.expired)).toBeInTheDocument();
    expect(
      await screen.findByText("For a new link, sign in and choose 'Send again' at the top of your page."),
    ).toBeInTheDocument();
  });

  it("offers a signed-in, unconfirmed reader a new link at once", async () => {
    const fetchMock = stubServer({
      session: { id: "u1", email: "ruth@example.com", emailVerified: false },
      verify: [
        410,
        { error: { code: "verification_link_expired", message: EMAIL_VERIFICATION_MESSAGES.expired } },
      ],
    });
    const { user } = openLink(`#token=${TOKEN}`);

    await user.click(await screen.findByRole("button", { name: "Send a new link" }));
    expect(await screen.findByText("We've sent a new link. Please check your email.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/auth/send-verification-email"))).toBe(
      true,
    );
  });

  it("says a used link was used, with nothing more to do", async () => {
    stubServer({
      session: null,
      verify: [410, { error: { code: "verification_link_used", message: EMAIL_VERIFICATION_MESSAGES.used } }],
    });
    openLink(`#token=${TOKEN}`);
    expect(await screen.findByText(EMAIL_VERIFICATION_MESSAGES.used)).toBeInTheDocument();
    expect(screen.queryByText(/For a new link/)).not.toBeInTheDocument();
  });

  it("explains itself when opened without a link", async () => {
    const fetchMock = stubServer({ session: null, verify: [200, {}] });
    openLink("");
    expect(await screen.findByText(EMAIL_VERIFICATION_MESSAGES.missing)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/auth/verify-email"))).toBe(false);
  });
});
