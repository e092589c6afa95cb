import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./confirm-dialog";

const ask = (props: { pending?: boolean; error?: string }) => {
  const onOpenChange = vi.fn();
  const onConfirm = vi.fn();
  render(
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title="Delete this post?"
      description="It will be gone for everyone."
      confirmLabel="Delete"
      busyLabel="Deleting..."
      pending={props.pending ?? false}
      error={props.error}
      onConfirm={onConfirm}
    />,
  );
  return { dialog: screen.getByRole("dialog", { name: "Delete this post?" }), onOpenChange, onConfirm };
};

describe("ConfirmDialog", () => {
  it("opens on its close button, confirms once per click, and closes on Cancel", async () => {
    const user = userEvent.setup();
    const { dialog, onOpenChange, onConfirm } = ask({});
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("says it is busy and cannot be closed while the action runs, and shows why it failed", async () => {
    const user = userEvent.setup();
    const { dialog, onOpenChange, onConfirm } = ask({ pending: true, error: "Could not delete" });
    expect(within(dialog).getByRole("button", { name: "Deleting..." })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();
    await user.keyboard("{Escape}");
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Could not delete");
  });
});
