import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { birthYearChoices } from "../../../../core/ages";
import { EMAIL_VERIFICATION_MESSAGES } from "../../../../core/email-verification";
import { FAMILY_MESSAGES } from "../../../../core/family";
import { MESSAGES } from "../../../../core/messages";
import { USERNAME_MESSAGES } from "../../../../core/usernames";
import { renderWithApp } from "../../../test/render";
import { AuthForm } from "./auth-form";

const renderForm = () => renderWithApp(<AuthForm />).user;

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(body, { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("AuthForm", () => {
  it("starts in sign-in mode and toggles to sign-up and back", async () => {
    const user = renderForm();

    expect(screen.getByRole("form", { name: "Sign In" })).toBeInTheDocument();
    expect(screen.getByLabelText("Email or username")).toHaveAttribute("type", "text");
    expect(screen.getByLabelText("Email or username")).toHaveAttribute("name", "identifier");
    expect(screen.getByLabelText("Email or username")).toHaveAttribute("autocomplete", "username");
    expect(screen.getByLabelText("Password")).toHaveAttribute("autocomplete", "current-password");
    expect(screen.getByRole("button", { name: "Forgot your password?" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Username")).not.toBeInTheDocument();
    expect(screen.queryByText("What You Get FREE")).not.toBeInTheDocument();
    expect(screen.getByText("Don't have an account?")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Sign up" }));

    expect(screen.getByRole("form", { name: "Create Your Account" })).toBeInTheDocument();
    expect(screen.getByLabelText("Birth year")).toHaveFocus();
    expect(screen.getByLabelText("Username")).toHaveAttribute("autocomplete", "nickname");
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Email")).toHaveAttribute("autocomplete", "email");
    expect(screen.getByLabelText("Password")).toHaveAttribute("autocomplete", "new-password");
    expect(screen.getByRole("heading", { name: "What You Get FREE" })).toBeInTheDocument();
    expect(screen.getByText("12+ Bible adventures")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Forgot your password?" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create Account" })).toBeInTheDocument();
    expect(screen.getByText("Already have an account?")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Sign in" }));

    expect(screen.getByRole("form", { name: "Sign In" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Username")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
  });

  it("signs in with the trimmed, lower-cased email", async () => {
    const fetchMock = stubFetch(200, { user: { id: "u1", email: "ruth@example.com" } });
    const user = renderForm();

    await user.type(screen.getByLabelText("Email or username"), "  Ruth@Example.com ");
    await user.type(screen.getByLabelText("Password"), "moabite-gleaner");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/api\/auth\/sign-in\/email$/);
    expect(JSON.parse(String(init?.body))).toEqual({
      email: "ruth@example.com",
      password: "moabite-gleaner",
    });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows the server's message in the red box directly above the submit button", async () => {
    stubFetch(401, { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
    const user = renderForm();

    await user.type(screen.getByLabelText("Email or username"), "ruth@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Invalid email or password");
    expect(alert.nextElementSibling).toBe(screen.getByRole("button", { name: "Sign In" }));
  });

  it("falls back to 'Something went wrong' when the server gives no message", async () => {
    stubFetch(500, {});
    const user = renderForm();

    await user.type(screen.getByLabelText("Email or username"), "ruth@example.com");
    await user.type(screen.getByLabelText("Password"), "moabite-gleaner");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong");
  });

  it("disables submit while the request is pending", async () => {
    let respond: (response: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (respond = resolve))),
    );
    const user = renderForm();

    await user.click(screen.getByRole("button", { name: "Sign up" }));
    await user.selectOptions(screen.getByLabelText("Birth year"), "2000");
    await user.type(screen.getByLabelText("Username"), "ruth_7");
    await user.type(screen.getByLabelText("Email"), "ruth@example.com");
    await user.type(screen.getByLabelText("Password"), "moabite-gleaner");
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Create Account" })).toBeDisabled());
    respond(
      Response.json({ message: "That username is already taken. Please choose another." }, { status: 409 }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("That username is already taken.");
    expect(screen.getByRole("button", { name: "Create Account" })).toBeEnabled();
  });

  it("checks a too-short password before calling the server", async () => {
    const fetchMock = stubFetch(200, {});
    const user = renderForm();

    await user.click(screen.getByRole("button", { name: "Sign up" }));
    await user.selectOptions(screen.getByLabelText("Birth year"), "2000");
    await user.type(screen.getByLabelText("Username"), "ruth_7");
    await user.type(screen.getByLabelText("Email"), "ruth@example.com");
    await user.type(screen.getByLabelText("Password"), "abc");
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Password must be at least 6 characters long");
    expect(screen.getByLabelText("Password")).toHaveFocus();
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reports the first field in reading order when several are wrong", async () => {
    const fetchMock = stubFetch(200, {});
    const user = renderForm();

    await user.click(screen.getByRole("button", { name: "Sign up" }));
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    expect(screen.getByRole("alert")).toHaveTextContent(FAMILY_MESSAGES.birthYearNeeded);
    expect(screen.getByLabelText("Birth year")).toHaveFocus();
    expect(screen.getByLabelText("Birth year")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("clears the error when the mode changes", async () => {
    stubFetch(401, { message: "Invalid email or password" });
    const user = renderForm();

    await user.type(screen.getByLabelText("Email or username"), "ruth@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("alert")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Sign up" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Email or username")).toHaveValue("ruth@example.com");
  });

  it("signs the new account in straight after sign-up, with the same email and password", async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      String(url).endsWith("/sign-up/email")
        ? Response.json({ ok: true })
        : Response.json({ user: { id: "u1", email: "ruth@example.com" } }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const user = renderForm();

    await user.click(screen.getByRole("button", { name: "Sign up" }));
    await user.selectOptions(screen.getByLabelText("Birth year"), "2000");
    await user.type(screen.getByLabelText("Username"), "ruth_7");
    await user.type(screen.getByLabelText("Email"), "Ruth@Example.com");
    await user.type(screen.getByLabelText("Password"), "moabite-gleaner");
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [signUpUrl, signUpInit] = fetchMock.mock.calls[0] ?? [];
    const [signInUrl, signInInit] = fetchMock.mock.calls[1] ?? [];
    expect(String(signUpUrl)).toMatch(/\/api\/auth\/sign-up\/email$/);
    expect(JSON.parse(String(signUpInit?.body))).toEqual({
      birthYear: 2000,
      username: "ruth_7",
      email: "ruth@example.com",
      password: "moabite-gleaner",
    });
    expect(String(signInUrl)).toMatch(/\/api\/auth\/sign-in\/email$/);
    expect(JSON.parse(String(signInInit?.body))).toEqual({
      email: "ruth@example.com",
      password: "moabite-gleaner",
    });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says to check the inbox when the email already had an account, without saying that it had", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) =>
        String(url).endsWith("/sign-up/email")
          ? Response.json({ ok: true })
          : Response.json(
              { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" },
              { status: 401 },
            ),
      ),
    );
    const user = renderForm();

    await user.click(screen.getByRole("button", { name: "Sign up" }));
    await user.selectOptions(screen.getByLabelText("Birth year"), "2000");
    await user.type(screen.getByLabelText("Username"), "ruth_7");
    await user.type(screen.getByLabelText("Email"), "ruth@example.com");
    await user.type(screen.getByLabelText("Password"), "moabite-gleaner");
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    expect(await screen.findByRole("status")).toHaveTextContent(EMAIL_VERIFICATION_MESSAGES.checkEmail);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByText("Invalid email or password")).not.toBeInTheDocument();
  });

  it("refuses a reserved username before calling the server", async () => {
    const fetchMock = stubFetch(200, {});
    const user = renderForm();

    await user.click(screen.getByRole("button", { name: "Sign up" }));
    await user.selectOptions(screen.getByLabelText("Birth year"), "2000");
    await user.type(screen.getByLabelText("Username"), "Admin_1");
    await user.type(screen.getByLabelText("Email"), "ruth@example.com");
    await user.type(screen.getByLabelText("Password"), "moabite-gleaner");
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(USERNAME_MESSAGES.reserved);
    expect(screen.getByLabelText("Username")).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("opens the forgot-password dialog from sign-in mode", async () => {
    const user = renderForm();

    await user.click(screen.getByRole("button", { name: "Forgot your password?" }));

    expect(await screen.findByRole("dialog", { name: "Forgot Password" })).toBeInTheDocument();
  });

  describe("age-aware sign-up and sign-in by username (issue 24)", () => {
    /** A year that makes the reader 9 this year. */
    const childYear = String(new Date().getUTCFullYear() - 9);

    it("offers the birth years, and asks for a parent's email in place of the email under 13", async () => {
      const user = renderForm();
      await user.click(screen.getByRole("button", { name: "Sign up" }));

      const birthYear = screen.getByLabelText("Birth year");
      const options = within(birthYear).getAllByRole("option");
      expect(options[0]).toHaveTextContent("Choose a year");
      expect(options[0]).toHaveValue("");
      expect(options.slice(1).map((option) => Number(option.textContent))).toEqual(birthYearChoices());
      expect(screen.getByLabelText("Email")).toBeInTheDocument();
      expect(screen.queryByLabelText("A parent's email")).not.toBeInTheDocument();

      await user.selectOptions(birthYear, childYear);
      const parentEmail = screen.getByLabelText("A parent's email");
      expect(parentEmail).toHaveAttribute("type", "email");
      expect(parentEmail).toHaveAttribute("name", "parentEmail");
      expect(parentEmail).toHaveAccessibleDescription(FAMILY_MESSAGES.whyParentEmail);
      expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
      // The fields in the order they are read.
      const form = screen.getByRole("form", { name: "Create Your Account" });
      const names = [...form.querySelectorAll("input, select")].map((field) => field.getAttribute("name"));
      expect(names).toEqual(["birthYear", "username", "parentEmail", "password"]);

      await user.selectOptions(birthYear, "2000");
      expect(screen.getByLabelText("Email")).toBeInTheDocument();
      expect(screen.queryByLabelText("A parent's email")).not.toBeInTheDocument();
    });

    it("asks for a parent's email under 13 before calling the server", async () => {
      const fetchMock = stubFetch(200, {});
      const user = renderForm();

      await user.click(screen.getByRole("button", { name: "Sign up" }));
      await user.selectOptions(screen.getByLabelText("Birth year"), childYear);
      await user.type(screen.getByLabelText("Username"), "little_ruth");
      await user.type(screen.getByLabelText("Password"), "moabite-gleaner");
      await user.click(screen.getByRole("button", { name: "Create Account" }));

      expect(await screen.findByRole("alert")).toHaveTextContent(FAMILY_MESSAGES.parentEmailNeeded);
      expect(screen.getByLabelText("A parent's email")).toHaveFocus();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("asks a 13+ reader for their own email", async () => {
      const fetchMock = stubFetch(200, {});
      const user = renderForm();

      await user.click(screen.getByRole("button", { name: "Sign up" }));
      await user.selectOptions(screen.getByLabelText("Birth year"), "2000");
      await user.type(screen.getByLabelText("Username"), "ruth_7");
      await user.type(screen.getByLabelText("Password"), "moabite-gleaner");
      await user.click(screen.getByRole("button", { name: "Create Account" }));

      expect(await screen.findByRole("alert")).toHaveTextContent(FAMILY_MESSAGES.emailNeeded);
      expect(screen.getByLabelText("Email")).toHaveFocus();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("signs a child up with the parent's email only, then in by username", async () => {
      const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
        String(url).endsWith("/sign-up/email")
          ? Response.json({ ok: true })
          : Response.json({ user: { id: "u2" } }),
      );
      vi.stubGlobal("fetch", fetchMock);
      const user = renderForm();

      await user.click(screen.getByRole("button", { name: "Sign up" }));
      // An address typed while 13+ was chosen is never sent for a child.
      await user.selectOptions(screen.getByLabelText("Birth year"), "2000");
      await user.type(screen.getByLabelText("Email"), "ruth@example.com");
      await user.selectOptions(screen.getByLabelText("Birth year"), childYear);
      await user.type(screen.getByLabelText("Username"), "little_ruth");
      await user.type(screen.getByLabelText("A parent's email"), "Naomi@Example.org");
      await user.type(screen.getByLabelText("Password"), "moabite-gleaner");
      await user.click(screen.getByRole("button", { name: "Create Account" }));

      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      const [signUpUrl, signUpInit] = fetchMock.mock.calls[0] ?? [];
      const [signInUrl, signInInit] = fetchMock.mock.calls[1] ?? [];
      expect(String(signUpUrl)).toMatch(/\/api\/auth\/sign-up\/email$/);
      expect(JSON.parse(String(signUpInit?.body))).toEqual({
        birthYear: Number(childYear),
        username: "little_ruth",
        parentEmail: "naomi@example.org",
        password: "moabite-gleaner",
      });
      expect(String(signInUrl)).toMatch(/\/api\/auth\/sign-in\/username$/);
      expect(JSON.parse(String(signInInit?.body))).toEqual({
        username: "little_ruth",
        password: "moabite-gleaner",
      });
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    });

    it("signs in by username when there is no @", async () => {
      const fetchMock = stubFetch(200, { user: { id: "u2" } });
      const user = renderForm();

      await user.type(screen.getByLabelText("Email or username"), " little_ruth ");
      await user.type(screen.getByLabelText("Password"), "moabite-gleaner");
      await user.click(screen.getByRole("button", { name: "Sign In" }));

      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(String(url)).toMatch(/\/api\/auth\/sign-in\/username$/);
      expect(JSON.parse(String(init?.body))).toEqual({
        username: "little_ruth",
        password: "moabite-gleaner",
      });
    });

    it("reports a malformed username or email on the one sign-in field", async () => {
      const fetchMock = stubFetch(200, {});
      const user = renderForm();

      await user.type(screen.getByLabelText("Email or username"), "ru");
      await user.type(screen.getByLabelText("Password"), "moabite-gleaner");
      await user.click(screen.getByRole("button", { name: "Sign In" }));

      expect(await screen.findByRole("alert")).toHaveTextContent(
        "Usernames use 3 to 20 letters, numbers or underscores.",
      );
      expect(screen.getByLabelText("Email or username")).toHaveFocus();
      expect(screen.getByLabelText("Email or username")).toHaveAttribute("aria-invalid", "true");

      await user.clear(screen.getByLabelText("Email or username"));
      await user.type(screen.getByLabelText("Email or username"), "ruth@");
      await user.click(screen.getByRole("button", { name: "Sign In" }));
      expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.emailFormat);
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });
});
