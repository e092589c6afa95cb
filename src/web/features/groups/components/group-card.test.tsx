import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../../test/render";
import { COPIED_FOR_MS, GroupCard } from "./group-card";

const group = {
  id: "6f1c1f52-6c1e-4a43-9d0e-1c1b2f3a4b5c",
  name: "Sunday Explorers",
  memberCount: 3,
  createdAt: "2026-11-21T10:00:00.000Z",
  inviteCode: "AB12CD",
  role: "member" as const,
};

afterEach(() => vi.useRealTimers());

describe("a group card", () => {
  it("copies the invite code and says so for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    // After setup, which installs a clipboard of its own.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderWithApp(<GroupCard group={group} />, { user });

    // Straight under the page's h1, so an h2: no heading level is skipped.
    expect(screen.getByRole("heading", { level: 2, name: "Sunday Explorers" })).toBeInTheDocument();
    expect(screen.getByText("3 members")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Copy invite code of Sunday Explorers" }));
    expect(writeText).toHaveBeenCalledWith("AB12CD");
    expect(screen.getByText("Copied!")).toBeInTheDocument();
    await act(async () => {}); // let the effect that starts the 2-second timer run
    act(() => vi.advanceTimersByTime(COPIED_FOR_MS - 100));
    expect(screen.getByText("Copied!")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText("Copied!")).not.toBeInTheDocument();
    expect(COPIED_FOR_MS).toBe(2000);
    expect(screen.getByRole("link", { name: "Open Chat: Sunday Explorers" })).toHaveAttribute(
      "href",
      `/groups/${group.id}/chat`,
    );
  });

  it("shows a non-member neither the code nor the chat", () => {
    renderWithApp(<GroupCard group={{ ...group, inviteCode: null, role: null, memberCount: 1 }} />);
    expect(screen.getByText("1 member")).toBeInTheDocument();
    expect(screen.queryByText("AB12CD")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Open Chat/ })).not.toBeInTheDocument();
  });
});
