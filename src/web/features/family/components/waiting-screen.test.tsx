import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FAMILY_MESSAGES } from "../../../../core/family";
import { renderWithApp } from "../../../test/render";
import { sessionUser } from "../../../test/session-user";
import WaitingScreen from "./waiting-screen";

type Answer = () => Response | Promise<Response>;

const waitingSession = () =>
  Response.json({
    user: sessionUser({ email: null, emailVerified: false, accountState: "waiting_for_parent" }),
  });

/** The waiting screen on the server's answers: the status, 'Send again' and sign-out, by path. */
function renderWaiting({
  status = () => Response.json({ maskedEmail: "n•••@example.org" }),
  sendAgain = () => Response.json({ ok: true }),
}: {
  status?: Answer;
  sendAgain?: Answer;
} = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const { pathname } = new URL(String(input), location.href);
    if (pathname === "/api/auth/session") return waitingSession();
    if (pathname === "/api/family/waiting") return status();
    if (pathname === "/api/family/waiting/send-again") return sendAgain();
    if (pathname === "/api/auth/sign-out") return Response.json({ success: true });
    return Response.json({ error: { message: "Not found" } }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  const rendered = renderWithApp(<WaitingScreen />);
  return { ...rendered, fetchMock };
}

const calls = (fetchMock: ReturnType<typeof vi.fn>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), location.href).pathname === path);

describe("WaitingScreen", () => {
  it("says where the mail went, with its title focused", async () => {
    renderWaiting();

    const heading = screen.getByRole("heading", { level: 1, name: FAMILY_MESSAGES.waitingTitle });
    expect(heading).toHaveFocus();
    expect(await screen.findByText(FAMILY_MESSAGES.waitingBody("n•••@example.org"))).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send again" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Sign out" })).toBeEnabled();
  });

  it("offers to try again when the status cannot be read", async () => {
    let fail = true;
    const { user } = renderWaiting({
      status: () =>
        fail ? new Response(null, { status: 500 }) : Response.json({ maskedEmail: "n•••@example.org" }),
    });

    expect(await screen.findByRole("alert")).toHaveTextContent(FAMILY_MESSAGES.waitingLoadFailed);
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText(FAMILY_MESSAGES.waitingBody("n•••@example.org"))).toBeInTheDocument();
  });

  it("sends the mail again and says so aloud", async () => {
    const { user, fetchMock } = renderWaiting();
    await screen.findByText(FAMILY_MESSAGES.waitingBody("n•••@example.org"));

    await user.click(screen.getByRole("button", { name: "Send again" }));

    expect(await screen.findByText(FAMILY_MESSAGES.sentAgain)).toHaveAttribute("role", "status");
    const [sent] = calls(fetchMock, "/api/family/waiting/send-again");
    expect(sent?.[1]?.method).toBe("POST");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows the server's words after too many sends", async () => {
    const { user } = renderWaiting({
      sendAgain: () =>
        Response.json(
          { error: { code: "too_many_requests", message: FAMILY_MESSAGES.tooManySends } },
          { status: 429 },
        ),
    });
    await screen.findByText(FAMILY_MESSAGES.waitingBody("n•••@example.org"));

    await user.click(screen.getByRole("button", { name: "Send again" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(FAMILY_MESSAGES.tooManySends);
    expect(screen.queryByText(FAMILY_MESSAGES.sentAgain)).not.toBeInTheDocument();
  });

  it("signs out", async () => {
    const { user, fetchMock, queryClient } = renderWaiting();
    await screen.findByText(FAMILY_MESSAGES.waitingBody("n•••@example.org"));

    await user.click(screen.getByRole("button", { name: "Sign out" }));

    await vi.waitFor(() => expect(calls(fetchMock, "/api/auth/sign-out")).toHaveLength(1));
    await vi.waitFor(() => expect(queryClient.getQueryData(["session"])).toEqual({ user: null }));
  });
});
