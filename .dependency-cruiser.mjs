// The layers of the code, checked by `npm run lint`. A rule that bites names the import to change; the fix
// is to import through the feature's index.ts, or to move the shared piece down a layer.

/** Tests and their test data may reach into any feature: they set the scene through its internals. */
const TESTS = ["\\.test\\.tsx?$", "-test-data\\.tsx?$", "^src/server/test/"];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "feature-internals",
      comment: "A feature uses another only through its index.ts, so its other files can change freely.",
      severity: "error",
      from: { path: "^src/(web|server)/features/([^/]+)/", pathNot: TESTS },
      to: {
        path: "^src/$1/features/[^/]+/",
        pathNot: ["^src/$1/features/$2/", "^src/$1/features/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "core-stays-pure",
      comment: "src/core is shared by the web and the server, so it can know neither of them.",
      severity: "error",
      from: { path: "^src/core/" },
      to: { path: "^src/(server|web)/" },
    },
    {
      name: "server-base-below-features",
      comment: "The server's shared code, HTTP plumbing, adapters and database sit below the features.",
      severity: "error",
      from: { path: "^src/server/(shared|http|adapters|db)/", pathNot: TESTS },
      to: { path: "^src/server/features/" },
    },
    {
      name: "web-base-below-features",
      comment: "The web's components and lib are building blocks for the features and the app shell.",
      severity: "error",
      from: { path: "^src/web/(components|lib)/", pathNot: TESTS },
      to: { path: "^src/web/(features|app)/" },
    },
    {
      name: "features-below-app",
      comment: "The app shell composes the features; a feature that imports it would depend on every other.",
      severity: "error",
      from: { path: "^src/web/features/", pathNot: TESTS },
      to: { path: "^src/web/app/" },
    },
    {
      name: "web-server-types-only",
      comment:
        "The browser bundle can carry no server code; the typed API client needs only the server's types.",
      severity: "error",
      from: { path: "^src/web/" },
      to: { path: "^src/server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-cycles",
      comment:
        "Modules in a cycle run in an order set by who loads first; type-only imports vanish at build, so they may.",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    includeOnly: "^src/",
    doNotFollow: { path: "node_modules" },
    // Type-only imports count, and are told apart, so the rules above can allow them where they are harmless.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
