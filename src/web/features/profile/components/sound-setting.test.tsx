import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../../test/render";
import { SoundSetting } from "./sound-setting";
import { playCelebrationSound } from "./sounds";

/** A stand-in for the Web Audio API that records the notes asked for. */
function stubAudio() {
  const notes: number[] = [];
  const param = () => ({ setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() });
  class FakeAudioContext {
    state = "running";
    currentTime = 0;
    destination = {};
    resume = vi.fn(async () => {});
    createOscillator() {
      const frequency = {
        ...param(),
        setValueAtTime: (value: number) => {
          notes.push(value);
        },
      };
      return { type: "sine", frequency, connect: (node: unknown) => node, start: vi.fn(), stop: vi.fn() };
    }
    createGain() {
      return { gain: param(), connect: (node: unknown) => node };
    }
  }
  vi.stubGlobal("AudioContext", FakeAudioContext);
  return notes;
}

afterEach(() => {
  window.localStorage.clear();
});

describe("SoundSetting", () => {
  it("is an off switch named 'Play sounds', described as kept on this device", () => {
    renderWithApp(<SoundSetting />);
    const toggle = screen.getByRole("switch", { name: "Play sounds" });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(expect.stringContaining("On this device."));
  });

  it("turns sounds on and off from the keyboard, and the device remembers", async () => {
    const { user } = renderWithApp(<SoundSetting />);
    const toggle = screen.getByRole("switch", { name: "Play sounds" });
    toggle.focus();
    await user.keyboard(" ");
    expect(toggle).toBeChecked();
    expect(window.localStorage.getItem("lamplight:play-sounds")).toBe("on");
    await user.keyboard("{Enter}");
    expect(toggle).not.toBeChecked();
    expect(window.localStorage.getItem("lamplight:play-sounds")).toBeNull();
  });
});

describe("playCelebrationSound", () => {
  it("stays silent until sounds are turned on", () => {
    const notes = stubAudio();
    playCelebrationSound("level-up");
    expect(notes).toEqual([]);
  });

  it("plays a few rising notes once they are on, a different tune for each celebration", async () => {
    const notes = stubAudio();
    const { user } = renderWithApp(<SoundSetting />);
    await user.click(screen.getByRole("switch", { name: "Play sounds" }));

    playCelebrationSound("level-up");
    expect(notes).toHaveLength(4);
    expect([...notes].sort((a, b) => a - b)).toEqual(notes);
    notes.length = 0;
    playCelebrationSound("story-complete");
    expect(notes).toHaveLength(3);
  });

  it("stays silent where the browser has no Web Audio", () => {
    window.localStorage.setItem("lamplight:play-sounds", "on");
    vi.stubGlobal("AudioContext", undefined);
    expect(() => playCelebrationSound("level-up")).not.toThrow();
  });
});
