import { config } from "zod/v4/core";

// zod probes for eval (`new Function`) the first time it builds an object schema, to compile faster parsers.
// Under our CSP (script-src 'self', no eval) the probe fails quietly but the browser still reports a CSP
// violation, which shows as an error in the console and an issue in DevTools. The interpreted parsers are
// fast enough for a form. Imported first by main.tsx, so it runs before any schema is built.
config({ jitless: true });
