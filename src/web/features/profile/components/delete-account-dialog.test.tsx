import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ACCOUNT_MESSAGES } from "../../../../core/schemas/profile";
import { renderWithApp } from "../../../test/render";
import { sessionUser } from "../../../test/session-user";
import { sessionQuery } from "../../auth/api/get-session";
import { DeleteAccountDialog } from "./delete-account-dialog";

type Call = { method: string; pathname: string; body: unknown };

/** Stubs fetch for DELETE /api/profile with `answer` and records every call; `gate` holds the answer back. */
function stubDelete(answer: () => Response, gate?: Promise<void>) {
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
      if (gate) await gate;
      if (pathname !== "/api/profile" || init?.method !== "DELETE")
        return new Response(null, { status: 404 });
      return answer();
    }),
  );
  return calls;
}

/** The profile with the button that opens the dialog, and the landing page a deleted account goes to. */
function renderProfile() {
  function Profile() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Delete my account
        </button>
        <DeleteAccountDialog open={open} onOpenChange={setOpen} />
      </>
    );
  }
  const rendered = renderWithApp(
    <Routes>
      <Route path="/profile" element={<Profile />} />
      <Route path="/" element={<p>Landing page</p>} />
    </Routes>,
    { path: "/profile", user: userEvent.setup() },
  );
  rendered.queryClient.setQueryData(sessionQuery.queryKey, {
    user: sessionUser(),
  });
  rendered.queryClient.setQueryData(["profile"], { id: "u1" });
  return rendered;
}

const opener = () => screen.getByRole("button", { name: "Delete my account" });
const dialog = () => screen.getByRole("dialog", { name: "Delete my account" });
const passwordField = () => within(dialog()).getByLabelText("Your password");
const confirmButton = () => within(dialog()).getByRole("button", { name: "Delete my account" });

describe("DeleteAccountDialog", () => {
  it("says what is removed and what stays, asks for the password, and keeps the keyboard inside", async () => {
    stubDelete(() => new Response(null, { status: 204 }));
    const { user } = renderProfile();
    await user.click(opener());

    expect(dialog()).toHaveTextContent("What is removed:");
    expect(dialog()).toHaveTextContent(
      "Your posts, comments and messages stay in your groups as by 'deleted user'.",
    );
    expect(passwordField()).toHaveAttribute("type", "password");
    expect(dialog()).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(dialog()).toContainElement(document.activeElement as HTMLElement);
    }

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(opener()).toHaveFocus());
  });

  it("asks for the password before sending anything", async () => {
    const calls = stubDelete(() => new Response(null, { status: 204 }));
    const { user } = renderProfile();
    await user.click(opener());
    await user.click(confirmButton());
    expect(within(dialog()).getByRole("alert")).toHaveTextContent(ACCOUNT_MESSAGES.passwordRequired);
    expect(calls).toEqual([]);
  });

  it("shows the server's answer to a wrong password and stays open", async () => {
    const calls = stubDelete(() =>
      Response.json(
        { error: { code: "wrong_password", message: ACCOUNT_MESSAGES.wrongPassword } },
        { status: 403 },
      ),
    );
    const { user, queryClient } = renderProfile();
    await user.click(opener());
    await user.type(passwordField(), "not-it");
    await user.click(confirmButton());

    expect(await within(dialog()).findByRole("alert")).toHaveTextContent("That password is not right.");
    expect(calls).toEqual([{ method: "DELETE", pathname: "/api/profile", body: { password: "not-it" } }]);
    expect(queryClient.getQueryData(sessionQuery.queryKey)).toMatchObject({ user: { id: "u1" } });
    expect(passwordField()).toHaveValue("not-it");
  });

  it("cannot be closed while deleting, then signs out to the landing page", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubDelete(() => new Response(null, { status: 204 }), gate);
    const { user, queryClient } = renderProfile();
    await user.click(opener());
    await user.type(passwordField(), "Lamp-river-2026");
    await user.click(confirmButton());

    expect(within(dialog()).getByRole("button", { name: "Deleting..." })).toBeDisabled();
    expect(within(dialog()).getByRole("button", { name: "Cancel" })).toBeDisabled();
    await user.keyboard("{Escape}");
    expect(dialog()).toBeInTheDocument();

    release();
    expect(await screen.findByText("Landing page")).toBeInTheDocument();
    expect(queryClient.getQueryData(sessionQuery.queryKey)).toEqual({ user: null });
    expect(queryClient.getQueryData(["profile"])).toBeUndefined();
  });
});
