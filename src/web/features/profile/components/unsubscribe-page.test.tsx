import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UNSUBSCRIBE_MESSAGES } from "../../../../core/schemas/profile";
import { renderWithApp } from "../../../test/render";
import UnsubscribePage from "./unsubscribe-page";

const m = UNSUBSCRIBE_MESSAGES;

function stubServer(answer: [number, unknown]) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (String(url).includes("/mail/unsubscribe")) return Response.json(answer[1], { status: answer[0] });
    return Response.json({ user: null });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function openLink(hash: string) {
  window.history.replaceState(null, "", `/unsubscribe${hash}`);
  return renderWithApp(<UnsubscribePage />, { path: "/unsubscribe" });
}

afterEach(() => window.history.replaceState(null, "", "/"));

describe("UnsubscribePage", () => {
  it("asks first, then stops the mails the link names and says so", async () => {
    const fetchMock = stubServer([200, { topic: "digest", on: false }]);
    openLink("#user=u-1&topic=digest&token=abc_-1");

    expect(screen.getByRole("heading", { name: m.title })).toBeInTheDocument();
    expect(screen.getByText(m.question.digest)).toBeInTheDocument();
    // Nothing is stopped by opening the link alone (a mail scanner opens every link).
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/mail/unsubscribe"))).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: m.button }));

    expect(await screen.findByRole("status")).toHaveTextContent(m.done.digest);
    const [url, init] =
      fetchMock.mock.calls.find(([called]) => String(called).includes("/mail/unsubscribe")) ?? [];
    expect(init?.method).toBe("POST");
    expect(new URL(String(url), "http://localhost").searchParams.toString()).toBe(
      "user=u-1&topic=digest&token=abc_-1",
    );
  });

  it("says a link that is not whole does not work, and offers no button", () => {
    stubServer([200, {}]);
    openLink("#user=u-1&topic=everything");
    expect(screen.getByText(m.badLink)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: m.button })).not.toBeInTheDocument();
  });

  it("shows the server's refusal and lets the reader try again", async () => {
    stubServer([403, { error: { code: "bad_unsubscribe_link", message: m.badLink } }]);
    openLink("#user=u-1&topic=reports&token=forged");
    await userEvent.click(screen.getByRole("button", { name: m.button }));
    expect(await screen.findByText(m.badLink)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: m.button })).toBeEnabled();
  });
});
