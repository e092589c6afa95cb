import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Dialog } from "./dialog";

function Opener({ onCloseAutoFocus }: { onCloseAutoFocus?: (event: Event) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      <button type="button">Elsewhere</button>
      <Dialog open={open} onOpenChange={setOpen} title="Settings" onCloseAutoFocus={onCloseAutoFocus}>
        <input aria-label="Name" />
      </Dialog>
    </>
  );
}

describe("Dialog", () => {
  it("traps focus inside and gives it back to the button that opened it", async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole("button", { name: "Open settings" });
    await user.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Settings" });
    // On its first field, not on the close button in the corner.
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("opens on its close button when it has no field to fill in", async () => {
    function Confirm() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Ask
          </button>
          <Dialog open={open} onOpenChange={setOpen} title="Sure?">
            <p>Nothing to type here.</p>
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Confirm />);
    await user.click(screen.getByRole("button", { name: "Ask" }));
    await screen.findByRole("dialog", { name: "Sure?" });
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
  });

  it("lets a caller send focus elsewhere instead", async () => {
    const user = userEvent.setup();
    render(
      <Opener
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          screen.getByRole("button", { name: "Elsewhere" }).focus();
        }}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Open settings" }));
    await screen.findByRole("dialog");
    await user.keyboard("{Escape}");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Elsewhere" }));
  });
});
