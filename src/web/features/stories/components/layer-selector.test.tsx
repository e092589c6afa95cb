import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../../test/render";
import { LayerSelector } from "./layer-selector";

afterEach(() => vi.restoreAllMocks());

describe("the layer selector", () => {
  it("opens reached layers and refuses unreached ones with the console warning", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const onSelect = vi.fn();
    const { user } = renderWithApp(<LayerSelector current={2} highest={2} onSelect={onSelect} />);

    expect(screen.getByRole("button", { name: /Layer 2/ })).toHaveAttribute("aria-current", "step");
    const locked = screen.getByRole("button", { name: /Layer 3.*locked/ });
    expect(locked).toHaveAttribute("aria-disabled", "true");
    await user.click(locked);
    expect(warn).toHaveBeenCalledWith("Cannot navigate to unreached layer");
    expect(onSelect).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: /Layer 1/ }));
    expect(onSelect).toHaveBeenCalledWith(1);
  });

  it("can be used with the keyboard", async () => {
    const onSelect = vi.fn();
    const { user } = renderWithApp(<LayerSelector current={3} highest={3} onSelect={onSelect} />);
    await user.tab();
    expect(screen.getByRole("button", { name: /Layer 1/ })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onSelect).toHaveBeenCalledWith(1);
  });
});
