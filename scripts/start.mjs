// `npm start`: builds the web app when the build is missing or older than its sources, then runs the server
// in this same process (so signals reach it directly).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const builtIndex = join(root, "dist/web/index.html");
const sources = ["src/web", "src/core", "vite.config.ts", "package-lock.json"].map((path) =>
  join(root, path),
);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log(
    builtAt ? "Web sources changed: rebuilding the web app..." : "Building the web app (first start)...",
  );
  // In a process of its own: a build holds hundreds of megabytes that the server would otherwise keep.
  const vite = join(root, "node_modules/vite/bin/vite.js");
  const built = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const { register } = await import("tsx/esm/api");
register();
await import("../src/server/main.ts");
