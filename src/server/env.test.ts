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
});
