import { readFileSync } from "node:fs";
import matter from "gray-matter";
import { describe, expect, it } from "vitest";
import { envVariableNames, parseEnv } from "./env";

// The deployment files cannot be run here (no docker), so they are read as files: every variable they give
// the app must be one env.ts reads (a misspelt name would be silently ignored by the app), and the values
// compose would produce must pass env.ts.

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

type Service = {
  build?: unknown;
  environment?: Record<string, string | number | boolean | null> | string[];
  volumes?: string[];
};
type Compose = { services: Record<string, Service> };

/** gray-matter (which reads the story library) parses YAML with js-yaml, so no YAML dependency is added. */
const compose = matter(`---\n${read("docker-compose.yml")}\n---\n`).data as Compose;

/** The instances of the app: the services built from our Dockerfile. */
const appServices = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);

function environmentOf(service: Service): Record<string, string> {
  const { environment = {} } = service;
  if (Array.isArray(environment))
    return Object.fromEntries(
      environment.map((entry) => {
        const [name = "", ...value] = entry.split("=");
        return [name, value.join("=")];
      }),
    );
  return Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, String(value ?? "")]));
}

/** Compose's interpolation: $$, $NAME, ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error}, ${NAME?error}. */
function interpolate(value: string, host: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_]\w*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_]\w*)/g,
    (match, braced: string | undefined, operator: string | undefined, argument: string, bare?: string) => {
      if (match === "$$") return "$";
      const name = (braced ?? bare) as string;
      const current = host[name];
      const missing = operator?.startsWith(":") ? !current : current === undefined;
      if (operator?.endsWith("-")) return missing ? argument : (current as string);
      if (operator?.endsWith("?")) {
        if (missing) throw new Error(`${name} is required: ${argument}`);
        return current as string;
      }
      return current ?? "";
    },
  );
}

/** The Dockerfile's ENV instructions, in both forms: `ENV A=1 B="two"` and the older `ENV A 1`. */
function dockerfileEnv(text: string): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const line of text.replace(/\\\r?\n/g, " ").split(/\r?\n/)) {
    const instruction = /^\s*ENV\s+(.+)$/i.exec(line)?.[1]?.trim();
    if (!instruction) continue;
    if (/^[^\s=]+=/.test(instruction)) {
      for (const [, name = "", value = ""] of instruction.matchAll(/([^\s=]+)=("(?:[^"\\]|\\.)*"|\S*)/g))
        variables[name] = value.replace(/^"(.*)"$/, "$1");
    } else {
      const [name = "", ...value] = instruction.split(/\s+/);
      variables[name] = value.join(" ");
    }
  }
  return variables;
}

const dockerEnv = dockerfileEnv(read("Dockerfile"));
const notRead = (names: string[]) => names.filter((name) => !envVariableNames.includes(name));
const host = {
  POSTGRES_PASSWORD: "0123456789abcdef",
  APP_URL: "https://lamplight.example.org",
  AUTH_SECRET: "a-secret-of-more-than-thirty-two-characters",
};

describe("deployment files", () => {
  it("run at least two app instances, each setting only variables env.ts reads", () => {
    expect(appServices.length).toBeGreaterThanOrEqual(2);
    for (const [name, service] of appServices)
      expect({ name, notRead: notRead(Object.keys(environmentOf(service))) }).toEqual({ name, notRead: [] });
  });

  it("give every instance the database, the secret, the public address and the proxy setting", () => {
    for (const [name, service] of appServices) {
      const environment = environmentOf(service);
      for (const variable of ["DATABASE_URL", "AUTH_SECRET", "APP_URL", "TRUST_PROXY"])
        expect({ name, variable, set: variable in environment }).toEqual({ name, variable, set: true });
    }
  });

  it("produce a configuration env.ts accepts: PostgreSQL, behind a proxy, in production", () => {
    for (const [, service] of appServices) {
      const environment = Object.fromEntries(
        Object.entries(environmentOf(service)).map(([name, value]) => [name, interpolate(value, host)]),
      );
      const env = parseEnv({ ...dockerEnv, ...environment });
      expect(env).toMatchObject({
        NODE_ENV: "production",
        DATABASE_URL: `postgres://lamplight:${host.POSTGRES_PASSWORD}@postgres:5432/lamplight`,
        APP_URL: host.APP_URL,
        AUTH_SECRET: host.AUTH_SECRET,
        TRUST_PROXY: true,
      });
    }
  });

  it("refuse to start without the password, the public address or the secret", () => {
    const [, service] = appServices[0] ?? [];
    const values = Object.values(environmentOf(service ?? {}));
    for (const required of Object.keys(host)) {
      const withoutIt = { ...host, [required]: "" };
      expect(() => values.map((value) => interpolate(value, withoutIt))).toThrow(`${required} is required`);
    }
  });

  it("share one data directory between the instances (uploads without S3)", () => {
    const dataVolumes = appServices.map(([, service]) =>
      service.volumes?.find((volume) => volume.split(":")[1] === dockerEnv.DATA_DIR),
    );
    expect(dockerEnv.DATA_DIR).toBeTruthy();
    expect(dataVolumes[0]).toBeTruthy();
    expect(new Set(dataVolumes).size).toBe(1);
  });

  it("balance over every app instance", () => {
    const upstreams = /^reverse_proxy\s+([^{]+)\{/m.exec(read("deploy/Caddyfile"))?.[1]?.trim().split(/\s+/);
    expect(upstreams?.sort()).toEqual(appServices.map(([name]) => `${name}:${dockerEnv.PORT}`).sort());
  });

  it("set in the Dockerfile only variables env.ts reads", () => {
    expect(Object.keys(dockerEnv)).toContain("NODE_ENV");
    expect(notRead(Object.keys(dockerEnv))).toEqual([]);
  });

  it(".env.example lists exactly the variables env.ts reads", () => {
    const listed = [...read(".env.example").matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect([...listed].sort()).toEqual([...envVariableNames].sort());
  });
});
