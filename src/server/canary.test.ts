import { type ChildProcess, execFile, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeElevenLabs, startFakeElevenLabs } from "./test/fakes/elevenlabs";
import { type FakeOpenAi, startFakeOpenAi } from "./test/fakes/openai";

// DESIGN.md: AI and voice keys live only in the server's environment. This starts the real server
// (src/server/main.ts, configured from env.ts) with canary keys, builds the web app with the same
// environment, walks through the app as a browser would, and looks for the canaries everywhere.

const root = fileURLToPath(new URL("../..", import.meta.url));
const AI_CANARY = "canary-ai-key-7f3a9c1e5b2d4068a1c3e5f7";
const VOICE_CANARY = "xi-canary-2b4d6f8a0c1e3a5c7e9f";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("AI and voice keys never reach the browser", () => {
  let openAi: FakeOpenAi;
  let elevenLabs: FakeElevenLabs;
  let server: ChildProcess;
  let baseUrl: string;
  let env: NodeJS.ProcessEnv;
  const dataDir = mkdtempSync(join(tmpdir(), "lamplight-canary-"));
  // As root the embedded PostgreSQL runs as the user postgres, which must be able to reach its folder.
  chmodSync(dataDir, 0o755);
  const bodies: { what: string; bytes: Buffer }[] = [];
  let cookie = "";

  async function fetchAndKeep(path: string, init: RequestInit = {}) {
    const response = await fetch(`${baseUrl}${path}`, {
      ...init,
      headers: { origin: baseUrl, cookie, ...(init.headers as Record<string, string>) },
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    bodies.push({ what: `${init.method ?? "GET"} ${path} → ${response.status}`, bytes });
    for (const value of response.headers.values())
      bodies.push({ what: `header of ${path}`, bytes: Buffer.from(value) });
    return { response, text: bytes.toString("utf8") };
  }

  beforeAll(async () => {
    openAi = await startFakeOpenAi({ apiKey: AI_CANARY });
    elevenLabs = await startFakeElevenLabs({ apiKey: VOICE_CANARY, voiceId: "voice-canary" });
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "silent",
      AI_BASE_URL: openAi.baseUrl,
      AI_API_KEY: AI_CANARY,
      ELEVENLABS_API_KEY: VOICE_CANARY,
      ELEVENLABS_VOICE_ID: "voice-canary",
      ELEVENLABS_BASE_URL: elevenLabs.baseUrl,
    };
    server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: root,
      env,
      stdio: "ignore",
    });
    for (let attempt = 0; attempt < 300; attempt++) {
      const healthy = await fetch(`${baseUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);

  afterAll(async () => {
    server?.kill("SIGTERM");
    await openAi?.close();
    await elevenLabs?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("the built web app holds no key, even when built with the keys in its environment", async () => {
    const outDir = join(dataDir, "web-build");
    await promisify(execFile)(
      process.execPath,
      [
        join(root, "node_modules/vite/bin/vite.js"),
        "build",
        "--outDir",
        outDir,
        "--emptyOutDir",
        "--logLevel",
        "error",
      ],
      {
        cwd: root,
        env,
      },
    );
    const files = filesUnder(outDir);
    expect(files.some((file) => file.endsWith(".js"))).toBe(true);
    for (const file of files) {
      const content = readFileSync(file, "utf8");
      expect(content, file).not.toContain(AI_CANARY);
      expect(content, file).not.toContain(VOICE_CANARY);
    }
  }, 120_000);

  it("no response of the running app carries a key, in success or in failure", async () => {
    const account = {
      email: "canary@example.com",
      password: "Lamp-river-2026",
      username: "canary_reader",
      birthYear: 2000,
    };
    const signUp = await fetchAndKeep("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(account),
    });
    expect(signUp.response.status).toBe(200);
    // Sign-up starts no session; the browser signs in next with the same email and password.
    const signIn = await fetchAndKeep("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(signIn.response.status).toBe(200);
    cookie = (signIn.response.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";

    const page = await fetchAndKeep("/");
    for (const asset of page.text.match(/\/assets\/[\w.-]+\.(js|css)/g) ?? []) await fetchAndKeep(asset);
    for (const path of [
      "/api/health",
      "/api/auth/session",
      "/api/profile",
      "/api/stories",
      "/api/stories/creation",
      "/api/speech",
    ])
      expect((await fetchAndKeep(path)).response.status).toBe(200);

    // The real providers are called with the keys…
    const story = await fetchAndKeep("/api/stories/creation/layers/1/generate", { method: "POST" });
    expect(story.text).toContain('"type":"done"');
    expect(story.text).toContain('"type":"image"');
    expect(openAi.requests.at(-1)?.headers.authorization).toBe(`Bearer ${AI_CANARY}`);
    // Narration reads the layer just generated. The voice service refuses first, while nothing is cached
    // yet (a refusal echoes what it was sent and must reach the browser only as a friendly text), then answers.
    const narrate = () =>
      fetchAndKeep("/api/speech", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ slug: "creation", layer: 1 }),
      });
    elevenLabs.mode = "401";
    const refused = await narrate();
    expect(refused.response.status).toBe(502);
    elevenLabs.mode = "ok";
    const speech = await narrate();
    expect(speech.response.headers.get("content-type")).toBe("audio/mpeg");
    expect(elevenLabs.requests).toHaveLength(2);
    expect(elevenLabs.requests.at(-1)?.headers["xi-api-key"]).toBe(VOICE_CANARY);

    // …and the AI's failures, which echo what they were sent, reach the browser only as friendly texts.
    openAi.behave("401");
    await fetchAndKeep("/api/stories/creation/layers/1/generate", { method: "POST" });
    await fetchAndKeep("/api/stories/creation/layers/1/image", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ style: "cartoon" }),
    });

    expect(bodies.length).toBeGreaterThan(15);
    for (const { what, bytes } of bodies) {
      expect(bytes.includes(AI_CANARY), what).toBe(false);
      expect(bytes.includes(VOICE_CANARY), what).toBe(false);
    }
  }, 60_000);
});
