import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FAMILY_MESSAGES } from "../../core/family";
import type { SessionUser } from "../features/auth";
import { renderWithApp } from "../test/render";
import { sessionUser } from "../test/session-user";
import { AppRoutes } from "./app-routes";

/** The app at `path` on a session and a few family answers; anything else is a 403, as for a waiting account. */
function renderApp(path: string, user: SessionUser | null) {
  let signedIn = user;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), location.href);
      if (pathname === "/api/auth/session") return Response.json({ user: signedIn });
      if (pathname === "/api/family/waiting") return Response.json({ maskedEmail: "n•••@example.org" });
      if (pathname === "/api/family/links/preview")
        return Response.json({
          kind: "consent",
          child: { username: "little_ruth" },
          withSwitches: true,
          maskedEmail: "n•••@example.org",
        });
      if (pathname === "/api/auth/sign-up/parent") return Response.json({ ok: true });
      if (pathname === "/api/auth/sign-in/email") {
        signedIn = sessionUser({ email: "naomi@example.org", role: "parent" });
        return Response.json({ user: { id: "p1" } });
      }
      if (pathname === "/api/family/agree")
        return Response.json({ child: { id: "c1", username: "little_ruth" } });
      return Response.json(
        { error: { code: "waiting_for_parent", message: FAMILY_MESSAGES.waitingForParent } },
        { status: 403 },
      );
    }),
  );
  return renderWithApp(<AppRoutes />, { path });
}

const waitingChild = sessionUser({ email: null, emailVerified: false, accountState: "waiting_for_parent" });

describe("AppRoutes for families (issue 24)", () => {
  it("shows a waiting account only the waiting screen, whatever the path", async () => {
    renderApp("/stories", waitingChild);

    expect(
      await screen.findByRole("heading", { level: 1, name: FAMILY_MESSAGES.waitingTitle }),
    ).toBeInTheDocument();
    expect(await screen.findByText(FAMILY_MESSAGES.waitingBody("n•••@example.org"))).toBeInTheDocument();
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
  });

  it("opens the consent page for a waiting account too (a parent on the child's device)", async () => {
    window.history.replaceState(null, "", "/family/consent#token=abc");
    renderApp("/family/consent", waitingChild);

    expect(
      await screen.findByRole("heading", { level: 1, name: FAMILY_MESSAGES.consentTitle("little_ruth") }),
    ).toBeInTheDocument();
    // A child's account has no email: the parent signs in with their own.
    expect(screen.getByLabelText("Email")).toBeInTheDocument();
  });

  it("keeps the consent page on screen as 'I agree' signs a new parent in", async () => {
    window.history.replaceState(null, "", "/family/consent#token=abc");
    const { user } = renderApp("/family/consent", null);
    await screen.findByRole("heading", { level: 1, name: FAMILY_MESSAGES.consentTitle("little_ruth") });

    await user.type(screen.getByLabelText("Email"), "naomi@example.org");
    await user.type(screen.getByLabelText("Password"), "bethlehem-barley");
    await user.click(screen.getByRole("button", { name: "I agree" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Thank you!" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Your family" })).toBeInTheDocument();
  });
});
