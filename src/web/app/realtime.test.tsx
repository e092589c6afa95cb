import { act, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REALTIME_RETRY_MS, type RealtimeEnvelope } from "../../core/realtime";
import { sessionQuery } from "../features/auth/api/get-session";
import { createRealtimeHub, useNotificationEvent, useRealtimeEvent } from "../lib/realtime";
import { renderWithApp } from "../test/render";
import { RealtimeStream } from "./realtime";
import { openRealtimeStream } from "./realtime-stream";

/** Stands in for the browser's EventSource: the test plays the server's part. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event("open"));
  }

  send(data: string, lastEventId = "") {
    this.onmessage?.(new MessageEvent("message", { data, lastEventId }));
  }

  emit(event: Partial<RealtimeEnvelope> & { id: number; type: string }) {
    const envelope = { topic: "group:g1", data: null, createdAt: new Date(0).toISOString(), ...event };
    this.send(JSON.stringify(envelope), String(event.id));
  }

  /** A dropped connection the browser retries by itself, or (`gaveUp`) an error status it will not retry. */
  fail(gaveUp: boolean) {
    this.readyState = gaveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.(new Event("error"));
  }
}

function stubEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal("EventSource", FakeEventSource);
}

const latest = () => {
  const source = FakeEventSource.instances.at(-1);
  if (!source) throw new Error("no EventSource was opened");
  return source;
};

/** RealtimeStream opens the stream once the page has been painted, a frame or two after it mounts. */
const streamOpened = () => vi.waitFor(latest);

afterEach(() => {
  vi.useRealTimers();
});

function ChatLine() {
  const [lines, setLines] = useState<string[]>([]);
  useRealtimeEvent("group_message", (data) => {
    setLines((previous) => [...previous, (data as { text: string }).text]);
  });
  return (
    <ul aria-label="Chat">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

describe("the tab's realtime stream", () => {
  it("opens one stream and hands each event to the components listening for its type", async () => {
    stubEventSource();
    const other = vi.fn();
    function Other() {
      useRealtimeEvent("notification", other);
      return null;
    }
    renderWithApp(
      <>
        <RealtimeStream />
        <ChatLine />
        <Other />
      </>,
    );
    expect(FakeEventSource.instances).toHaveLength(0);
    await streamOpened();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latest().url).toBe("/api/events");
    act(() => {
      latest().open();
      latest().emit({ id: 1, type: "group_message", data: { text: "Let there be light" } });
      latest().emit({ id: 2, type: "group_message", data: { text: "And there was light" } });
    });
    const items = await screen.findAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["Let there be light", "And there was light"]);
    expect(other).not.toHaveBeenCalled();

    act(() => latest().emit({ id: 3, type: "notification", data: { text: "ping" } }));
    expect(other).toHaveBeenCalledWith(
      { text: "ping" },
      expect.objectContaining({ id: 3, type: "notification" }),
    );
  });

  it("reads notifications that arrive before their parser has loaded, in the order they came", async () => {
    stubEventSource();
    const seen: string[] = [];
    function Bell() {
      useNotificationEvent((item) => seen.push(item.id));
      return null;
    }
    renderWithApp(
      <>
        <RealtimeStream />
        <Bell />
      </>,
    );
    await streamOpened();
    const notification = (id: string) => ({
      id,
      type: "post_mention",
      message: "Ruth mentioned you",
      read: false,
      createdAt: "2026-11-21T12:00:00.000Z",
      groupId: null,
      entityId: null,
      sender: null,
    });
    act(() => {
      latest().emit({ id: 1, topic: "user:me", type: "notification", data: notification("first") });
      latest().emit({ id: 2, topic: "user:me", type: "notification", data: { not: "a notification" } });
      latest().emit({ id: 3, topic: "user:me", type: "notification", data: notification("second") });
    });
    expect(seen).toEqual([]);
    await vi.waitFor(() => expect(seen).toEqual(["first", "second"]));
    act(() => latest().emit({ id: 4, topic: "user:me", type: "notification", data: notification("third") }));
    expect(seen).toEqual(["first", "second", "third"]);
  });

  it("ignores what is not an event envelope", () => {
    stubEventSource();
    const handler = vi.fn();
    const hub = createRealtimeHub();
    hub.on("group_message", handler);
    const stop = openRealtimeStream(hub);
    latest().send("not json");
    latest().send(JSON.stringify({ type: "group_message" }));
    latest().send(JSON.stringify({ id: "x", topic: "t", type: "group_message", createdAt: "" }));
    expect(handler).not.toHaveBeenCalled();
    stop();
  });

  it("opens no stream when the layout is gone before the page was painted", async () => {
    stubEventSource();
    function Page() {
      const [signedIn, setSignedIn] = useState(true);
      return (
        <>
          {signedIn && <RealtimeStream />}
          <button type="button" onClick={() => setSignedIn(false)}>
            Sign out
          </button>
        </>
      );
    }
    renderWithApp(<Page />);
    act(() => screen.getByRole("button", { name: "Sign out" }).click());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it("stops listening when the component unmounts, and closes the stream with the layout", async () => {
    stubEventSource();
    const handler = vi.fn();
    function Listener() {
      useRealtimeEvent("group_message", handler);
      return null;
    }
    function Page() {
      const [listening, setListening] = useState(true);
      const [signedIn, setSignedIn] = useState(true);
      return (
        <>
          {signedIn && <RealtimeStream />}
          {listening && <Listener />}
          <button type="button" onClick={() => setListening(false)}>
            Leave the chat
          </button>
          <button type="button" onClick={() => setSignedIn(false)}>
            Sign out
          </button>
        </>
      );
    }
    renderWithApp(<Page />);
    await streamOpened();
    act(() => latest().emit({ id: 1, type: "group_message" }));
    expect(handler).toHaveBeenCalledTimes(1);
    act(() => screen.getByRole("button", { name: "Leave the chat" }).click());
    act(() => latest().emit({ id: 2, type: "group_message" }));
    expect(handler).toHaveBeenCalledTimes(1);
    const source = latest();
    act(() => screen.getByRole("button", { name: "Sign out" }).click());
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it("calls the handler of the latest render", async () => {
    stubEventSource();
    const seen: string[] = [];
    function Labelled() {
      const [label, setLabel] = useState("first");
      useRealtimeEvent("group_message", () => seen.push(label));
      return (
        <button type="button" onClick={() => setLabel("second")}>
          Relabel
        </button>
      );
    }
    renderWithApp(
      <>
        <RealtimeStream />
        <Labelled />
      </>,
    );
    await streamOpened();
    act(() => latest().emit({ id: 1, type: "group_message" }));
    act(() => screen.getByRole("button", { name: "Relabel" }).click());
    act(() => latest().emit({ id: 2, type: "group_message" }));
    expect(seen).toEqual(["first", "second"]);
  });

  it("keeps delivering to the other handlers when one throws", () => {
    stubEventSource();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const hub = createRealtimeHub();
    const healthy = vi.fn();
    hub.on("group_message", () => {
      throw new Error("broken");
    });
    hub.on("group_message", healthy);
    const stop = openRealtimeStream(hub);
    latest().emit({ id: 1, type: "group_message" });
    expect(healthy).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalled();
    stop();
  });

  it("leaves a dropped connection to the browser, which reconnects with Last-Event-ID by itself", () => {
    stubEventSource();
    vi.useFakeTimers();
    const onGaveUp = vi.fn();
    const stop = openRealtimeStream(createRealtimeHub(), { onGaveUp });
    latest().emit({ id: 7, type: "group_message" });
    latest().fail(false);
    vi.advanceTimersByTime(10 * REALTIME_RETRY_MS);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(onGaveUp).not.toHaveBeenCalled();
    stop();
  });

  it("opens a new stream from the last id seen when the browser gives up, waiting longer each time", () => {
    stubEventSource();
    vi.useFakeTimers();
    const onGaveUp = vi.fn();
    const handler = vi.fn();
    const hub = createRealtimeHub();
    hub.on("group_message", handler);
    const stop = openRealtimeStream(hub, { onGaveUp });
    latest().open();
    latest().emit({ id: 41, type: "group_message" });
    latest().emit({ id: 42, type: "group_message" });
    latest().fail(true);
    expect(onGaveUp).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(REALTIME_RETRY_MS - 1);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(latest().url).toBe("/api/events?lastEventId=42");

    // It fails again before opening: the next attempt waits twice as long.
    latest().fail(true);
    vi.advanceTimersByTime(2 * REALTIME_RETRY_MS - 1);
    expect(FakeEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(3);
    latest().open();
    latest().emit({ id: 43, type: "group_message" });
    expect(handler).toHaveBeenCalledTimes(3);

    const last = latest();
    last.fail(true);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(3);
    expect(last.readyState).toBe(FakeEventSource.CLOSED);
  });

  it("checks the session again when the stream is refused", async () => {
    stubEventSource();
    const { queryClient } = renderWithApp(<RealtimeStream />);
    await streamOpened();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries").mockResolvedValue();
    act(() => latest().fail(true));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: sessionQuery.queryKey });
  });
});
