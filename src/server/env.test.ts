import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("environment", () => {
  it("runs with nothing set: port 3000, ./data, APP_URL from the port", () => {
    expect(parseEnv({})).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      APP_URL: "http://localhost:3000",
      TRUST_PROXY: false,
    });
    expect(parseEnv({ PORT: "8080" }).APP_URL).toBe("http://localhost:8080");
  });

  it("names every bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", AUTH_SECRET: "short" })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*AUTH_SECRET/,
    );
  });

  it("treats empty optional values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", SMTP_URL: "", AUTH_SECRET: "" })).toMatchObject({
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
      AUTH_SECRET: undefined,
    });
  });

  it("wants all of S3 or none of it", () => {
    expect(() => parseEnv({ S3_BUCKET: "media" })).toThrow(
      /S3_ENDPOINT[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(
      parseEnv({
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_BUCKET: "media",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
      }),
    ).toMatchObject({ S3_BUCKET: "media", S3_REGION: "us-east-1" });
  });

  it("takes an ADMIN_PASSWORD of 12 characters or more; empty turns admin delete off", () => {
    expect(parseEnv({}).ADMIN_PASSWORD).toBeUndefined();
    expect(parseEnv({ ADMIN_PASSWORD: "" }).ADMIN_PASSWORD).toBeUndefined();
    expect(parseEnv({ ADMIN_PASSWORD: "twelve-chars" }).ADMIN_PASSWORD).toBe("twelve-chars");
    expect(() => parseEnv({ ADMIN_PASSWORD: "too-short" })).toThrow(/ADMIN_PASSWORD: must be at least 12/);
  });

  it("reads ADMIN_EMAILS as a trimmed, lower-cased list and names an entry that is not an email", () => {
    expect(parseEnv({}).ADMIN_EMAILS).toEqual([]);
    expect(parseEnv({ ADMIN_EMAILS: "" }).ADMIN_EMAILS).toEqual([]);
    expect(parseEnv({ ADMIN_EMAILS: " Ruth@Example.com , naomi@example.org," }).ADMIN_EMAILS).toEqual([
      "ruth@example.com",
      "naomi@example.org",
    ]);
    expect(() => parseEnv({ ADMIN_EMAILS: "ruth@example.com, pastor dave" })).toThrow(
      /ADMIN_EMAILS: "pastor dave" is not an email address/,
    );
  });

  it("moderates locally by default; MODERATION=openai needs AI_BASE_URL and AI_API_KEY", () => {
    expect(parseEnv({}).MODERATION).toBe("local");
    expect(
      parseEnv({ MODERATION: "openai", AI_BASE_URL: "https://api.openai.com/v1", AI_API_KEY: "sk-x" })
        .MODERATION,
    ).toBe("openai");
    expect(() => parseEnv({ MODERATION: "openai" })).toThrow(
      /AI_BASE_URL: is required when MODERATION=openai[\s\S]*AI_API_KEY: is required when MODERATION=openai/,
    );
    expect(() => parseEnv({ MODERATION: "openai", AI_BASE_URL: "https://api.openai.com/v1" })).toThrow(
      /AI_API_KEY: is required when MODERATION=openai/,
    );
    expect(() => parseEnv({ MODERATION: "strict" })).toThrow(/MODERATION/);
  });

  it("writes logs as auto by default and takes json or pretty; anything else stops start-up", () => {
    expect(parseEnv({}).LOG_FORMAT).toBe("auto");
    expect(parseEnv({ LOG_FORMAT: "pretty" }).LOG_FORMAT).toBe("pretty");
    expect(parseEnv({ LOG_FORMAT: "json" }).LOG_FORMAT).toBe("json");
    expect(() => parseEnv({ LOG_FORMAT: "colour" })).toThrow(/LOG_FORMAT/);
  });

  it("takes a METRICS_TOKEN of 16 characters or more; empty leaves /metrics off", () => {
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: "  " }).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: "0123456789abcdef" }).METRICS_TOKEN).toBe("0123456789abcdef");
    expect(() => parseEnv({ METRICS_TOKEN: "guessable" })).toThrow(/METRICS_TOKEN: must be at least 16/);
  });
});
