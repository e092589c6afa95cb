import { describe, expect, it } from "vitest";
import { createLibraryTextGenerator, splitIntoPieces } from "./text-library";
import { AiError } from "./types";

const layerText = `## The Lamp of God

  Samuel was lying down in the temple of **Yahweh**, where the ark of God was.\n\n> "Speak, for your servant hears." (1 Samuel 3:10)\r\n\nTry: sit quietly for one minute and listen.   \n`;

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of iterable) pieces.push(piece);
  return pieces;
}

describe("library text generator", () => {
  it("streams the library text in pieces of a word or two that rejoin to the exact original", async () => {
    const generator = createLibraryTextGenerator({ pieceDelayMs: 0 });
    expect(generator.provider).toBe("library");
    const pieces = await collect(
      generator.stream([{ role: "user", content: "ignored" }], {
        signal: new AbortController().signal,
        libraryText: layerText,
      }),
    );
    expect(pieces.join("")).toBe(layerText);
    expect(pieces.length).toBeGreaterThan(10);
    for (const piece of pieces) expect(piece.trim().split(/\s+/).length).toBeLessThanOrEqual(2);
  });

  it("keeps leading, trailing and unusual whitespace", () => {
    for (const text of ["  one", "one  ", "\n\ttwo words\u00a0here\r\n", "single", "a\n\nb c d e f g"])
      expect(splitIntoPieces(text).join("")).toBe(text);
    expect(splitIntoPieces("# Title\nFirst line of text")).toEqual(["# Title\n", "First line ", "of text"]);
  });

  it("paces the pieces about 15 ms apart by default", async () => {
    const generator = createLibraryTextGenerator();
    const started = performance.now();
    const pieces = await collect(
      generator.stream([], {
        signal: new AbortController().signal,
        libraryText: "one two three four five six",
      }),
    );
    expect(pieces).toEqual(["one two ", "three four ", "five six"]);
    // Two pauses of 15 ms; timers may run late, never early.
    expect(performance.now() - started).toBeGreaterThanOrEqual(28);
  });

  it("stops promptly with an 'aborted' AiError when the caller aborts mid-stream", async () => {
    const generator = createLibraryTextGenerator({ pieceDelayMs: 1000 });
    const controller = new AbortController();
    const pieces: string[] = [];
    const started = performance.now();
    const reading = (async () => {
      for await (const piece of generator.stream([], { signal: controller.signal, libraryText: layerText })) {
        pieces.push(piece);
        controller.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: "AiError", kind: "aborted" });
    expect(pieces).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("yields nothing when the signal has already fired", async () => {
    const generator = createLibraryTextGenerator({ pieceDelayMs: 0 });
    const pieces: string[] = [];
    const reading = (async () => {
      for await (const piece of generator.stream([], { signal: AbortSignal.abort(), libraryText: layerText }))
        pieces.push(piece);
    })();
    await expect(reading).rejects.toMatchObject({ kind: "aborted" });
    expect(pieces).toEqual([]);
  });

  it("fails with 'No text generated' when the library has no text", async () => {
    const generator = createLibraryTextGenerator({ pieceDelayMs: 0 });
    for (const libraryText of [undefined, "", "  \n "]) {
      const error = await collect(
        generator.stream([], { signal: new AbortController().signal, libraryText }),
      ).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AiError);
      expect(error).toMatchObject({ message: "No text generated", kind: "empty" });
    }
  });
});

describe("library text completion", () => {
  it("writes no free text: it fails with 'No text generated' so that callers use their fallback", async () => {
    const generator = createLibraryTextGenerator({ pieceDelayMs: 0 });
    const error = await generator
      .complete([{ role: "user", content: "Write a post" }], { signal: new AbortController().signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AiError);
    expect(error).toMatchObject({ message: "No text generated", kind: "empty" });
  });
});
