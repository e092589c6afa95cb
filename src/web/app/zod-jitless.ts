// zod probes for eval (`new Function`) the first time it builds an object schema, to compile faster parsers.
// Under our CSP (script-src 'self', no eval) the probe fails quietly but the browser still reports a CSP
// violation, which shows as an error in the console and an issue in DevTools. The interpreted parsers are
// fast enough for a form. Imported first by main.tsx, so it runs before any schema is built.
//
// Through the global zod keeps its configuration in (zod/v4/core's `globalConfig`, shared by every copy of zod
// on the page) rather than its `config()`: importing that would put zod's core in the landing page's
// JavaScript, which builds no schema; the forms that do load zod later, already configured.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

// A module (its test imports it), though it exports nothing.
export {};
