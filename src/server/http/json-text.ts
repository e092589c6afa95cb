import type { Context, TypedResponse } from "hono";

/**
 * A JSON body the handler serialised itself (see listPosts), typed as `c.json` would type it, so that the
 * web's typed client reads the same shape.
 */
export function jsonText<T>(c: Context, text: string): Response & TypedResponse<T, 200, "json"> {
  return c.body(text, 200, { "content-type": "application/json" }) as unknown as Response &
    TypedResponse<T, 200, "json">;
}
