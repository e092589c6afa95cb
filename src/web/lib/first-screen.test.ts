import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { whenFirstScreenSettled } from "./first-screen";

/** Whether the promise has resolved once the timers have run this far. */
async function settledAfter(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

function addSpinner() {
  const status = document.createElement("span");
  status.setAttribute("role", "status");
  status.innerHTML = '<svg class="animate-spin"></svg>';
  document.body.append(status);
  return status;
}

function addPicture(loading: "eager" | "lazy", complete: boolean) {
  const image = document.createElement("img");
  image.loading = loading;
  Object.defineProperty(image, "complete", { configurable: true, get: () => complete });
  document.body.append(image);
  return image;
}

describe("whenFirstScreenSettled", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it("waits while reads are in flight, then for a second quiet look", async () => {
    let reading = true;
    const settled = whenFirstScreenSettled(() => reading);
    expect(await settledAfter(settled, 1_000)).toBe(false);
    reading = false;
    // The first quiet look may fall between the session and the screen's reads: one more is needed.
    expect(await settledAfter(settled, 250)).toBe(false);
    expect(await settledAfter(settled, 250)).toBe(true);
  });

  it("starts counting again when a read begins between two quiet looks", async () => {
    const looks = [false, true, false, false];
    const settled = whenFirstScreenSettled(() => looks.shift() ?? false);
    expect(await settledAfter(settled, 500)).toBe(false);
    expect(await settledAfter(settled, 250)).toBe(true);
  });

  it("waits while a spinner shows or an eager picture is on its way, not for a lazy one", async () => {
    const spinner = addSpinner();
    const cover = addPicture("eager", false);
    addPicture("lazy", false);
    const settled = whenFirstScreenSettled(() => false);
    expect(await settledAfter(settled, 1_000)).toBe(false);
    spinner.remove();
    expect(await settledAfter(settled, 1_000)).toBe(false);
    Object.defineProperty(cover, "complete", { get: () => true });
    expect(await settledAfter(settled, 500)).toBe(true);
  });

  it("goes on after its limit even if the screen never settles", async () => {
    const settled = whenFirstScreenSettled(() => true, 5_000);
    expect(await settledAfter(settled, 4_500)).toBe(false);
    expect(await settledAfter(settled, 750)).toBe(true);
  });
});
