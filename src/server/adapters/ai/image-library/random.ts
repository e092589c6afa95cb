// Seeded randomness: the same seed gives the same picture, byte for byte.
import { createHash } from "node:crypto";

/** mulberry32: small, fast and plenty for composing pictures. */
export function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (low: number, high: number) => low + next() * (high - low),
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
export type Random = ReturnType<typeof randomFrom>;

/** A 32-bit seed from any text. */
export const seedOf = (text: string) => createHash("sha256").update(text).digest().readUInt32LE(0);
