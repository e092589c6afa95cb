import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FAMILY_MESSAGES, WHAT_WE_KEEP } from "../../../../core/family";
import type { FamilyLinkPreview } from "../../../../core/schemas/family";
import { renderWithApp } from "../../../test/render";
import { sessionUser } from "../../../test/session-user";
import type { SessionUser } from "../../auth";
import ConsentPage from "./consent-page";

const TOKEN = "family-link-token";

const consentPreview: FamilyLinkPreview = {
  kind: "consent",
  child: { username: "little_ruth" },
  withSwitches: true,
  maskedEmail: "n•••@example.org",
};

type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * The consent page opened from a mail's link, on the server's answers by path (the session is nobody's unless
 * told), with the calls it made kept for the test to read.
 */
function openConsentPage({
  hash = `#token=${TOKEN}`,
  user = null,
  routes = {},
}: {
  hash?: string;
  user?: SessionUser | null;
  routes?: Record<string, Route>;
} = {}) {
  window.history.replaceState(null, "", `/family/consent${hash}`);
  let signedIn = user;
  const answers: Record<string, Route> = {
    "/api/auth/session": () => Response.json({ user: signedIn }),
    "/api/family/links/preview": () => Response.json(consentPreview),
    "/api/auth/sign-up/parent": () => Response.json({ ok: true }),
    "/api/auth/sign-in/email": () => {
      signedIn = sessionUser({ email: "naomi@example.org", role: "parent" });
      return Response.json({ user: { id: "p1" } });
    },
    "/api/family/agree": () => Response.json({ child: { id: "c1", username: "little_ruth" } }),
    "/api/family/decline": () => Response.json({ ok: true }),
    ...routes,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input), location.href);
    const answer = answers[pathname];
    return answer ? answer(init) : Response.json({ error: { message: "Not found" } }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  const rendered = renderWithApp(<ConsentPage />, { path: "/family/consent" });
  /** The JSON bodies sent to a path, in order. */
  const sent = (path: string) =>
    fetchMock.mock.calls
      .filter(([input]) => new URL(String(input), location.href).pathname === path)
      .map(([, init]) => JSON.parse(String(init?.body ?? "null")));
  /** The API paths called, sessions left out. */
  const paths = () =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), location.href).pathname)
      .filter((path) => path !== "/api/auth/session");
  return { ...rendered, sent, paths };
}

const consentHeading = () =>
  screen.findByRole("heading", { level: 1, name: FAMILY_MESSAGES.consentTitle("little_ruth") });

describe("ConsentPage", () => {
  it("shows the link problem when the link has no token", async () => {
    const { paths } = openConsentPage({ hash: "" });

    const heading = await screen.findByRole("heading", { level: 1, name: FAMILY_MESSAGES.linkProblemTitle });
    expect(heading).toHaveFocus();
    expect(screen.getByText(FAMILY_MESSAGES.linkProblem)).toBeInTheDocument();
    expect(paths()).toEqual([]);
  });

  it("shows the link problem for a used or expired link, and takes the token out of the address bar", async () => {
    openConsentPage({
      routes: {
        "/api/family/links/preview": () =>
          Response.json(
            { error: { code: "family_link_invalid", message: FAMILY_MESSAGES.linkProblem } },
            { status: 410 },
          ),
      },
    });

    expect(
      await screen.findByRole("heading", { level: 1, name: FAMILY_MESSAGES.linkProblemTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(FAMILY_MESSAGES.linkProblem)).toBeInTheDocument();
    expect(window.location.hash).toBe("");
    expect(window.location.pathname).toBe("/family/consent");
  });

  it("says what Lamplight keeps and offers the three switches as they start", async () => {
    const { user, sent } = openConsentPage();

    expect(await consentHeading()).toHaveFocus();
    expect(window.location.hash).toBe("");
    expect(sent("/api/family/links/preview")).toEqual([{ token: TOKEN }]);
    expect(screen.getByText(FAMILY_MESSAGES.linkSentTo("n•••@example.org"))).toBeInTheDocument();
    const keeps = screen.getByRole("region", { name: "What Lamplight keeps about your child" });
    expect(
      within(keeps)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([...WHAT_WE_KEEP]);

    expect(screen.getByRole("heading", { name: "What your child may do" })).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Study groups and chat" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    expect(screen.getByRole("switch", { name: "AI helper" })).toHaveAttribute("aria-checked", "true");
    const media = screen.getByRole("switch", { name: "Photos and videos" });
    expect(media).toHaveAttribute("aria-checked", "false");
    media.focus();
    await user.keyboard(" ");
    expect(media).toHaveAttribute("aria-checked", "true");

    expect(screen.getByRole("heading", { name: "Your parent account" })).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Password")).toHaveAttribute("autocomplete", "new-password");
    expect(screen.getByRole("button", { name: "No, delete this account" })).toBeInTheDocument();
  });

  it("makes a new parent's account, signs in and agrees with the switches, in one press", async () => {
    const { user, sent, paths, queryClient } = openConsentPage();
    await consentHeading();

    await user.click(screen.getByRole("switch", { name: "AI helper" }));
    await user.type(screen.getByLabelText("Email"), " Naomi@Example.org ");
    await user.type(screen.getByLabelText("Password"), "bethlehem-barley");
    await user.click(screen.getByRole("button", { name: "I agree" }));

    const heading = await screen.findByRole("heading", { level: 1, name: "Thank you!" });
    expect(heading).toHaveFocus();
    expect(screen.getByText(FAMILY_MESSAGES.accountOpen("little_ruth"))).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Your family" })).toHaveAttribute("href", "/family");
    expect(paths()).toEqual([
      "/api/family/links/preview",
      "/api/auth/sign-up/parent",
      "/api/auth/sign-in/email",
      "/api/family/agree",
    ]);
    const account = { email: "naomi@example.org", password: "bethlehem-barley" };
    expect(sent("/api/auth/sign-up/parent")).toEqual([account]);
    expect(sent("/api/auth/sign-in/email")).toEqual([account]);
    expect(sent("/api/family/agree")).toEqual([
      { token: TOKEN, permissions: { groups: true, aiHelper: false, media: false, notifications: false } },
    ]);
    // The session is read again: this device is now the parent's.
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(["session"])).toMatchObject({ user: { email: "naomi@example.org" } }),
    );
  });

  it("signs in to an existing account, and says so when the pair is wrong", async () => {
    const { user, paths } = openConsentPage({
      routes: {
        "/api/auth/sign-in/email": () =>
          Response.json(
            { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" },
            { status: 401 },
          ),
      },
    });
    await consentHeading();

    await user.click(screen.getByRole("button", { name: "I already have an account" }));
    expect(screen.getByLabelText("Password")).toHaveAttribute("autocomplete", "current-password");
    expect(screen.getByRole("button", { name: "I'm new here" })).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), "naomi@example.org");
    await user.type(screen.getByLabelText("Password"), "wrong");
    await user.click(screen.getByRole("button", { name: "I agree" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(FAMILY_MESSAGES.parentSignInFailed);
    expect(paths()).toEqual(["/api/family/links/preview", "/api/auth/sign-in/email"]);
  });

  it("checks the account's fields before calling the server", async () => {
    const { user, paths } = openConsentPage();
    await consentHeading();

    await user.type(screen.getByLabelText("Password"), "abc");
    await user.click(screen.getByRole("button", { name: "I agree" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Please enter a valid email address");
    expect(screen.getByLabelText("Email")).toHaveFocus();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(paths()).toEqual(["/api/family/links/preview"]);
  });

  it("agrees as the signed-in parent, to an invitation without switches", async () => {
    const { user, sent, paths } = openConsentPage({
      user: sessionUser({ email: "boaz@example.org", role: "parent", hasChildren: true }),
      routes: {
        "/api/family/links/preview": () =>
          Response.json({ ...consentPreview, kind: "invitation", withSwitches: false }),
      },
    });

    expect(
      await screen.findByRole("heading", {
        level: 1,
        name: FAMILY_MESSAGES.invitationTitle("little_ruth"),
      }),
    ).toHaveFocus();
    expect(await screen.findByText("boaz@example.org")).toBeInTheDocument();
    expect(screen.getByText(/Signed in as/)).toBeInTheDocument();
    expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "No, delete this account" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "I agree" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Thank you!" })).toBeInTheDocument();
    expect(sent("/api/family/agree")).toEqual([{ token: TOKEN }]);
    expect(paths()).toEqual(["/api/family/links/preview", "/api/family/agree"]);
  });

  it("shows the server's words when it refuses", async () => {
    const { user } = openConsentPage({
      user: sessionUser({ email: "teen@example.org" }),
      routes: {
        "/api/family/agree": () =>
          Response.json(
            { error: { code: "grown_ups_only", message: FAMILY_MESSAGES.grownUpsOnly } },
            { status: 403 },
          ),
      },
    });
    await consentHeading();
    await screen.findByText("teen@example.org");

    await user.click(screen.getByRole("button", { name: "I agree" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(FAMILY_MESSAGES.grownUpsOnly);
    // Another account can be used instead.
    await user.click(screen.getByRole("button", { name: "Use another account" }));
    expect(screen.getByLabelText("Email")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("deletes the child's account after asking", async () => {
    const { user, sent } = openConsentPage();
    await consentHeading();

    await user.click(screen.getByRole("button", { name: "No, delete this account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete little_ruth's account?" });
    expect(dialog).toHaveTextContent(FAMILY_MESSAGES.declineWarning("little_ruth"));
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(sent("/api/family/decline")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "No, delete this account" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete account" }),
    );

    const heading = await screen.findByRole("heading", { level: 1, name: FAMILY_MESSAGES.declinedTitle });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(FAMILY_MESSAGES.declinedBody)).toBeInTheDocument();
    expect(sent("/api/family/decline")).toEqual([{ token: TOKEN }]);
  });
});
