import { Hono } from "hono";
import { verseLookupQuerySchema } from "../../../core/schemas/bible";
import { lookupVerseKeys, type VerseLookup } from "../../../core/stories/verse-lookup";
import { requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { findVerses } from "./verses";

export function bibleRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/verses", validate("query", verseLookupQuerySchema), (c) => {
      const { ref } = c.req.valid("query");
      // The schema has already refused what this cannot expand.
      const lookup = lookupVerseKeys(ref);
      const verses = "keys" in lookup ? findVerses(lookup.keys) : [];
      const answer: VerseLookup = { reference: ref, verses };
      return c.json(answer);
    });
}
