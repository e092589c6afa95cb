import { z } from "zod";
import { DEFAULT_EVENT_STREAMS_MAX, DEFAULT_EVENT_STREAMS_PER_USER } from "./features/events/open-streams";
import { DEFAULT_AI_QUOTAS } from "./shared/ai-quota";
import { LIMIT_RULES, type LimitName, type LimitSettings } from "./shared/rate-limit";

// The only module that reads process.env. Every variable is listed in .env.example with its default.

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .default("false")
  .transform((value) => value === "true" || value === "1");

const optionalUrl = (protocols: RegExp) =>
  z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined))
    .pipe(z.url({ protocol: protocols }).optional());

const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/** ADMIN_EMAILS: a comma-separated list; spaces and case do not matter, every entry must be an email. */
const emailList = z
  .string()
  .optional()
  .transform((value, context) => {
    const entries = (value ?? "")
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean);
    for (const entry of entries) {
      if (!z.email().safeParse(entry).success)
        context.addIssue({ code: "custom", message: `"${entry}" is not an email address` });
    }
    return entries;
  });

/** One variable per attempt counter and write limit (src/server/shared/rate-limit.ts); 0 turns it off. */
const limitVariables = Object.fromEntries(
  Object.values(LIMIT_RULES).map((rule) => [rule.env, z.coerce.number().int().min(0).default(rule.max)]),
) as Record<(typeof LIMIT_RULES)[LimitName]["env"], z.ZodDefault<z.ZodCoercedNumber<unknown>>>;

/** The limits as the app takes them, from the parsed variables. */
export function limitSettings(env: Env): LimitSettings {
  return Object.fromEntries(
    (Object.keys(LIMIT_RULES) as LimitName[]).map((name) => [name, env[LIMIT_RULES[name].env]]),
  );
}

const s3Variables = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    APP_URL: optionalUrl(/^https?$/),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalUrl(/^postgres(ql)?$/),
    AUTH_SECRET: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .pipe(z.string().min(32, "must be at least 32 characters").optional()),
    // Admin delete of any post asks for this; unset, admin delete is turned off.
    ADMIN_PASSWORD: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .pipe(z.string().min(12, "must be at least 12 characters").optional()),
    // These accounts become admins at sign-up and at every sign-in, so a fresh install needs no shell.
    ADMIN_EMAILS: emailList,
    SMTP_URL: optionalUrl(/^smtps?$/),
    MAIL_FROM: z.string().min(3).default("Lamplight <no-reply@lamplight.local>"),
    // Push notifications (issue 26): the VAPID key pair, made once into DATA_DIR/vapid.json when not given, and
    // the address push services may write to about this server (a mailto: or https: URL).
    VAPID_PUBLIC_KEY: optionalText,
    VAPID_PRIVATE_KEY: optionalText,
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: address or an https: URL")
      .optional(),
    TRUST_PROXY: booleanFlag,
    S3_ENDPOINT: optionalUrl(/^https?$/),
    S3_BUCKET: optionalText,
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    // AI text and images: any OpenAI-compatible endpoint; without AI_BASE_URL the offline library answers.
    AI_BASE_URL: optionalUrl(/^https?$/),
    AI_API_KEY: optionalText,
    AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
    AI_IMAGE_MODEL: z.string().min(1).default("gpt-image-1"),
    // What children write: the local word list and patterns, or with the AI service's moderation endpoint too.
    MODERATION: z.enum(["local", "openai"]).default("local"),
    // Narration: ElevenLabs through our server when both are set; otherwise the browser's own voice.
    ELEVENLABS_API_KEY: optionalText,
    ELEVENLABS_VOICE_ID: optionalText,
    ELEVENLABS_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.elevenlabs.io"),
    // Per-user daily quotas on AI work (0 = no limit); defaults in src/server/shared/ai-quota.ts.
    AI_DAILY_STORY_PARTS: z.coerce.number().int().min(0).default(DEFAULT_AI_QUOTAS.story),
    AI_DAILY_IMAGES: z.coerce.number().int().min(0).default(DEFAULT_AI_QUOTAS.image),
    AI_DAILY_QUESTIONS: z.coerce.number().int().min(0).default(DEFAULT_AI_QUOTAS.question),
    AI_DAILY_SPEECH: z.coerce.number().int().min(0).default(DEFAULT_AI_QUOTAS.speech),
    // Open realtime streams (GET /api/events) per instance: past EVENT_STREAMS_PER_USER a user's newest
    // replaces their oldest; past EVENT_STREAMS_MAX a new one is refused with 503 (0 = no limit). Each is a socket.
    EVENT_STREAMS_PER_USER: z.coerce.number().int().min(0).default(DEFAULT_EVENT_STREAMS_PER_USER),
    EVENT_STREAMS_MAX: z.coerce.number().int().min(0).default(DEFAULT_EVENT_STREAMS_MAX),
    ...limitVariables,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // auto: readable lines in a terminal outside production, one JSON object a line everywhere else.
    LOG_FORMAT: z.enum(["auto", "json", "pretty"]).default("auto"),
    // GET /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`; unset, there is no /metrics (404).
    METRICS_TOKEN: z
      .string()
      .optional()
      .transform((value) => value?.trim() || undefined)
      .pipe(z.string().min(16, "must be at least 16 characters").optional()),
    // `npm run bench` only: adds GET /api/bench/empty, a signed-in `{}`, to measure the middleware chain.
    BENCH_ROUTES: booleanFlag,
  })
  .superRefine((env, context) => {
    // S3 is all or nothing: half a configuration would quietly keep files on one instance's disk.
    if (!s3Variables.some((name) => env[name])) return;
    for (const name of s3Variables) {
      if (!env[name])
        context.addIssue({
          code: "custom",
          path: [name],
          message: "is required when S3 storage is configured",
        });
    }
  })
  .superRefine((env, context) => {
    if (Boolean(env.ELEVENLABS_API_KEY) !== Boolean(env.ELEVENLABS_VOICE_ID))
      context.addIssue({
        code: "custom",
        path: [env.ELEVENLABS_API_KEY ? "ELEVENLABS_VOICE_ID" : "ELEVENLABS_API_KEY"],
        message: "is required when ElevenLabs narration is configured",
      });
  })
  .superRefine((env, context) => {
    if (env.MODERATION !== "openai") return;
    for (const name of ["AI_BASE_URL", "AI_API_KEY"] as const) {
      if (!env[name])
        context.addIssue({ code: "custom", path: [name], message: "is required when MODERATION=openai" });
    }
  })
  .transform((env) => ({
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
  }));

export type Env = z.infer<typeof envSchema>;

/** Every variable the app reads; deployment files and .env.example are checked against it. */
export const envVariableNames = Object.keys(envSchema.in.shape);

/** Parses a set of variables; throws a message naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`);
  throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
}

/** Reads process.env once at start-up; prints what is wrong and exits when a variable is bad. */
export function readEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
