import { act, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MENTION_DEBOUNCE_MS } from "../../../../core/schemas/notifications";
import { renderWithApp } from "../../../test/render";
import { GROUP_ID } from "./feed-test-data";
import { MentionTextarea, mentionAt } from "./mention-textarea";

const membersPath = `/api/groups/${GROUP_ID}/members`;
const NAMES = ["ruth_reads", "ruben", "rufus", "ruthie", "rue", "rudy"];

/** The member search: names containing q, as many as the test lets the server send. */
function stubMembers(limit = 5) {
  const queries: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), location.href);
      if (url.pathname !== membersPath)
        return Response.json({ error: { message: "Not found" } }, { status: 404 });
      const q = url.searchParams.get("q") ?? "";
      queries.push(q);
      const members = NAMES.filter((name) => name.includes(q.toLowerCase()))
        .slice(0, limit)
        .map((username) => ({ id: `user-${username}`, username, avatarUrl: null }));
      return Response.json({ members });
    }),
  );
  return queries;
}

function Harness({ onSubmit }: { onSubmit: () => void }) {
  const [text, setText] = useState("");
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor="box">Message</label>
      <MentionTextarea id="box" groupId={GROUP_ID} value={text} onValueChange={setText} />
      <button type="submit">Send</button>
    </form>
  );
}

const settle = () => act(() => vi.advanceTimersByTimeAsync(50));

// user-event waits on timers of its own, which the fake clock holds back; these events are what it sends.
function setup() {
  const onSubmit = vi.fn();
  renderWithApp(<Harness onSubmit={onSubmit} />);
  const box = screen.getByLabelText("Message") as HTMLTextAreaElement;
  const user = {
    /** Types `text` at the end, as one change with the caret after it. */
    type: async (_box: HTMLElement, text: string) => {
      box.focus();
      fireEvent.change(box, { target: { value: box.value + text } });
    },
    keyboard: async (keys: string) => {
      for (const [, key] of keys.matchAll(/\{(\w+)\}/g)) {
        const notCancelled = fireEvent.keyDown(box, { key });
        if (key === "Enter" && notCancelled) fireEvent.change(box, { target: { value: `${box.value}\n` } });
      }
    },
    click: async (element: HTMLElement) => {
      fireEvent.mouseDown(element);
      fireEvent.click(element);
    },
  };
  return { user, onSubmit, box };
}

describe("mentionAt", () => {
  it("finds the @word that ends at the caret, and nothing else", () => {
    expect(mentionAt("hi @ru", 6)).toEqual({ start: 3, term: "ru" });
    expect(mentionAt("@", 1)).toEqual({ start: 0, term: "" });
    expect(mentionAt("hi @ru there", 12)).toBeNull();
    expect(mentionAt("mail me@home", 12)).toBeNull();
    expect(mentionAt("hello", 5)).toBeNull();
  });
});

describe("the mention textarea", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks for suggestions only after a 300 ms pause, and shows at most 5", async () => {
    const queries = stubMembers(50);
    const { user, box } = setup();
    expect(box).toHaveAttribute("aria-autocomplete", "list");
    expect(box).toHaveAttribute("aria-expanded", "false");
    await user.type(box, "Thanks @r");
    await act(() => vi.advanceTimersByTimeAsync(MENTION_DEBOUNCE_MS - 50));
    await user.type(box, "u");
    await act(() => vi.advanceTimersByTimeAsync(MENTION_DEBOUNCE_MS - 50));
    expect(queries).toEqual([]);
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(50));
    await settle();
    expect(queries).toEqual(["ru"]);
    const listbox = screen.getByRole("listbox", { name: "Mention suggestions" });
    expect(screen.getAllByRole("option")).toHaveLength(5);
    expect(box).toHaveAttribute("aria-expanded", "true");
    expect(box).toHaveAttribute("aria-controls", listbox.id);
    expect(box).toHaveAttribute("aria-activedescendant", screen.getAllByRole("option")[0]?.id);
  });

  it("moves with the arrow keys and inserts the chosen name with Enter, without submitting", async () => {
    stubMembers();
    const { user, box, onSubmit } = setup();
    await user.type(box, "Hi @ru");
    await act(() => vi.advanceTimersByTimeAsync(MENTION_DEBOUNCE_MS));
    await settle();
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowUp}");
    const options = screen.getAllByRole("option");
    expect(options[1]).toHaveAttribute("aria-selected", "true");
    expect(box).toHaveAttribute("aria-activedescendant", options[1]?.id);
    await user.keyboard("{Enter}");
    expect(box).toHaveValue("Hi @ruben ");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    // Typing goes on after the inserted name.
    await user.type(box, "welcome");
    expect(box).toHaveValue("Hi @ruben welcome");
  });

  it("picks with Tab too, and with a click", async () => {
    stubMembers();
    const { user, box } = setup();
    await user.type(box, "@ruf");
    await act(() => vi.advanceTimersByTimeAsync(MENTION_DEBOUNCE_MS));
    await settle();
    await user.keyboard("{Tab}");
    expect(box).toHaveValue("@rufus ");
    expect(box).toHaveFocus();

    await user.type(box, "and @rud");
    await act(() => vi.advanceTimersByTimeAsync(MENTION_DEBOUNCE_MS));
    await settle();
    await user.click(screen.getByRole("option", { name: "@rudy" }));
    expect(box).toHaveValue("@rufus and @rudy ");
  });

  it("closes with Escape, and Enter then types a new line", async () => {
    stubMembers();
    const { user, box, onSubmit } = setup();
    await user.type(box, "@ru");
    await act(() => vi.advanceTimersByTimeAsync(MENTION_DEBOUNCE_MS));
    await settle();
    expect(screen.getByRole("listbox")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(box).toHaveAttribute("aria-expanded", "false");
    await user.keyboard("{Enter}");
    expect(box).toHaveValue("@ru\n");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("never asks the server about text without an @", async () => {
    const queries = stubMembers();
    const { user, box } = setup();
    await user.type(box, "Hello friends, mail me@home");
    await act(() => vi.advanceTimersByTimeAsync(MENTION_DEBOUNCE_MS * 2));
    await settle();
    expect(queries).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });
});
