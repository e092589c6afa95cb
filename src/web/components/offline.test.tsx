import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OFFLINE_MESSAGES } from "../lib/offline";
import { newVersionWaiting } from "../lib/update-store";
import { OfflineBanner } from "./offline-banner";
import { UpdatePrompt } from "./update-prompt";

/** As the browser does when the connection goes or comes back. */
function setOnline(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? "online" : "offline"));
  });
}

afterEach(() => vi.restoreAllMocks());

describe("OfflineBanner", () => {
  it("says the reader is offline while the connection is gone, in a live region, and goes when it returns", () => {
    render(<OfflineBanner />);
    const region = screen.getByRole("status");
    expect(region).toBeEmptyDOMElement();

    setOnline(false);
    expect(region).toHaveTextContent(OFFLINE_MESSAGES.banner);

    setOnline(true);
    expect(region).toBeEmptyDOMElement();
  });
});

describe("UpdatePrompt", () => {
  it("shows 'A new version is ready' once a new version waits, and 'Reload' hands over to it", async () => {
    render(<UpdatePrompt />);
    expect(screen.queryByText(OFFLINE_MESSAGES.updateReady)).not.toBeInTheDocument();

    const handOver = vi.fn(async () => {});
    act(() => newVersionWaiting(handOver));
    expect(screen.getByRole("status")).toHaveTextContent(OFFLINE_MESSAGES.updateReady);

    await userEvent.click(screen.getByRole("button", { name: OFFLINE_MESSAGES.reload }));
    expect(handOver).toHaveBeenCalledOnce();
  });
});
