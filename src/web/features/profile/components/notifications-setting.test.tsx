import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PUSH_MESSAGES } from "../../../../core/schemas/push";
import { renderWithApp } from "../../../test/render";
import { NotificationsSetting } from "./notifications-setting";

function stubSettings(allowed: boolean) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ publicKey: "BPublicKey", quietHours: { start: 20, end: 7 }, allowed })),
  );
}

describe("NotificationsSetting", () => {
  it("tells a child whose parent has not turned notifications on, and offers no button", async () => {
    stubSettings(false);
    renderWithApp(<NotificationsSetting />);
    expect(await screen.findByText(PUSH_MESSAGES.notAllowed)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: PUSH_MESSAGES.turnOn })).not.toBeInTheDocument();
  });

  it("says so where the browser cannot show notifications, rather than a button that fails", async () => {
    stubSettings(true);
    renderWithApp(<NotificationsSetting />);
    expect(await screen.findByText(PUSH_MESSAGES.notSupported)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: PUSH_MESSAGES.heading })).toBeInTheDocument();
  });
});
