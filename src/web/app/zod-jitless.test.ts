import { expect, it } from "vitest";

it("turns zod's eval probe off before any schema is built, without loading zod itself", async () => {
  await import("./zod-jitless");
  const { config } = await import("zod/v4/core");
  expect(config().jitless).toBe(true);
  const { z } = await import("zod");
  expect(z.object({ name: z.string() }).parse({ name: "Ruth" })).toEqual({ name: "Ruth" });
});
