import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { GROUP_MESSAGES } from "../../../../core/schemas/groups";
import { renderOpenDialog } from "../../../test/render";
import { stubApi } from "./feed-test-data";
import { JoinGroupDialog } from "./join-group-dialog";

async function joinWith(code: string) {
  const { user } = renderOpenDialog(JoinGroupDialog);
  const dialog = screen.getByRole("dialog", { name: "Join Study Group" });
  await user.type(within(dialog).getByLabelText("Invite code"), code);
  await user.click(within(dialog).getByRole("button", { name: "Join Group" }));
  return dialog;
}

describe("the Join Study Group dialog", () => {
  it("shows the server's own words when it refuses the code, and stays open", async () => {
    stubApi({
      "POST /api/groups/join": {
        status: 404,
        body: { error: { code: "invalid_invite_code", message: GROUP_MESSAGES.invalidCode } },
      },
    });
    const dialog = await joinWith("nope42");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(GROUP_MESSAGES.invalidCode);
    expect(screen.getByRole("dialog", { name: "Join Study Group" })).toBeInTheDocument();
  });

  it("says 'Failed to join group: {message}' when the server fails unexpectedly", async () => {
    stubApi({
      "POST /api/groups/join": {
        status: 500,
        body: { error: { code: "internal", message: "Something went wrong" } },
      },
    });
    const dialog = await joinWith("ABC123");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      /^Failed to join group: Something went wrong$/,
    );
  });

  it("says 'Failed to join group: {message}' when the network fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const dialog = await joinWith("ABC123");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      /^Failed to join group: Something went wrong$/,
    );
  });
});
