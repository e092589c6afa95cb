// `npm run security:sqlmap`: sqlmap (Debian's package) against the main API routes with a valid session
// (issue 7). It starts the server on a database of its own (PostgreSQL when DATABASE_URL is set, which is
// what a ministry runs; the embedded PostgreSQL otherwise), makes a member with a group, a post and a folder
// so that every id is real, and asks sqlmap to try each parameter marked with `*`. Exits 1 if sqlmap calls
// anything injectable.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BenchDatabase, createBenchDatabase } from "../bench/setup";
import { signUpOn, startServerProcess } from "../src/server/test/server-process";

const LEVEL = process.env.SQLMAP_LEVEL ?? "2";
const RISK = process.env.SQLMAP_RISK ?? "1";

type Target = { name: string; method: string; url: string; data?: string };

async function main() {
  try {
    execFileSync("sqlmap", ["--version"], { stdio: "ignore" });
  } catch {
    console.error("sqlmap is not installed: apt-get install -y sqlmap");
    process.exit(2);
  }
  let database: BenchDatabase | undefined;
  if (process.env.DATABASE_URL) database = await createBenchDatabase(process.env.DATABASE_URL);
  const server = await startServerProcess({ databaseUrl: database?.url });
  const outputDir = mkdtempSync(join(tmpdir(), "lamplight-sqlmap-"));
  let findings = 0;
  try {
    const base = server.baseUrl;
    const { cookie } = await signUpOn(base);
    const headers = { origin: base, cookie, "content-type": "application/json" };
    const json = async (path: string, body?: unknown, method = body === undefined ? "GET" : "POST") => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.json();
    };
    const group = await json("/api/groups", { name: "Injection check" });
    const form = new FormData();
    form.set("title", "A post");
    form.set("content", "Some words");
    const post = await (
      await fetch(`${base}/api/groups/${group.id}/posts`, {
        method: "POST",
        headers: { origin: base, cookie },
        body: form,
      })
    ).json();
    const folder = await json("/api/qna/folders", { name: "Stories", color: "blue" });
    const stories = await json("/api/stories");
    const slug = stories[0].slug as string;

    const targets: Target[] = [
      { name: "groups list cursor", method: "GET", url: `/api/groups?cursor=abc*` },
      { name: "group by id", method: "GET", url: `/api/groups/${group.id}*` },
      { name: "feed cursor", method: "GET", url: `/api/groups/${group.id}/posts?cursor=abc*` },
      { name: "member search", method: "GET", url: `/api/groups/${group.id}/members?q=sam*` },
      { name: "chat history", method: "GET", url: `/api/groups/${group.id}/messages?before=10*` },
      {
        name: "comments of a post",
        method: "GET",
        url: `/api/groups/${group.id}/posts/${post.id}*/comments`,
      },
      { name: "story by slug", method: "GET", url: `/api/stories/${slug}*` },
      {
        name: "conversations by folder",
        method: "GET",
        url: `/api/qna/conversations?folder=${folder.id}*&cursor=x*`,
      },
      { name: "notifications cursor", method: "GET", url: `/api/notifications?cursor=abc*` },
      { name: "join by code", method: "POST", url: "/api/groups/join", data: '{"code":"ABC123*"}' },
      { name: "profile update", method: "PATCH", url: "/api/profile", data: '{"bio":"hello*"}' },
      {
        name: "new folder",
        method: "POST",
        url: "/api/qna/folders",
        data: '{"name":"Psalms*","color":"green*"}',
      },
      {
        name: "chat message",
        method: "POST",
        url: `/api/groups/${group.id}/messages`,
        data: '{"body":"hi*"}',
      },
      {
        name: "report",
        method: "POST",
        url: "/api/reports",
        data: `{"targetType":"post*","targetId":"${post.id}*","reason":"spam*"}`,
      },
      {
        name: "sign-in",
        method: "POST",
        url: "/api/auth/sign-in/email",
        data: '{"email":"a@b.co*","password":"x*"}',
      },
    ];

    for (const target of targets) {
      const args = [
        "-u",
        `${base}${target.url}`,
        "--method",
        target.method,
        "--headers",
        `Origin: ${base}\nCookie: ${cookie}${target.data ? "\nContent-Type: application/json" : ""}`,
        "--batch",
        `--level=${LEVEL}`,
        `--risk=${RISK}`,
        "--dbms=PostgreSQL",
        "--flush-session",
        "--output-dir",
        outputDir,
        "--disable-coloring",
        // Refusals are ordinary 4xx answers here; sqlmap must keep testing through them.
        "--ignore-code=400,401,403,404,409,413,422,429",
      ];
      if (target.data) args.push("--data", target.data);
      const output = await run("sqlmap", args);
      const injectable =
        /is vulnerable|appears to be injectable|sqlmap identified the following injection/i.test(output);
      if (injectable) findings += 1;
      console.log(
        `${injectable ? "INJECTABLE" : "clean     "}  ${target.method} ${target.url}  (${target.name})`,
      );
      if (injectable || process.env.SQLMAP_VERBOSE) console.log(output);
    }
  } finally {
    server.stop();
    await database?.drop();
    rmSync(outputDir, { recursive: true, force: true });
  }
  console.log(
    findings === 0 ? "sqlmap found no injection." : `sqlmap found ${findings} injectable target(s).`,
  );
  process.exit(findings === 0 ? 0 : 1);
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.once("error", reject);
    child.once("exit", () => resolve(output));
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
