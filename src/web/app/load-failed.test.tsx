import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazy, Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { LoadFailedBoundary } from "./load-failed";

describe("a part of the app that cannot be loaded", () => {
  it("shows what to do and reloads, instead of an empty page", async () => {
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    const Dialog = lazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    render(
      <LoadFailedBoundary>
        <Suspense fallback={null}>
          <Dialog />
        </Suspense>
      </LoadFailedBoundary>,
    );
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeVisible();
    expect(screen.getByText("Please check your internet connection, then reload the page.")).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalled();
    // React reports the error the boundary caught; that report is expected here, and only that one.
    const reports = vi.mocked(console.error).mock.calls.map((args) => args.map(String).join(" "));
    expect(reports).toEqual([expect.stringContaining("Failed to fetch dynamically imported module")]);
    vi.mocked(console.error).mockClear();
  });
});
