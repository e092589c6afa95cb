import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BUILT_IN_AVATARS, builtInAvatarId, builtInAvatarUrl, isBuiltInAvatarUrl } from "./avatars";

// Node's path helpers, not `new URL`: the jsdom environment replaces the URL global.
const folder = join(dirname(fileURLToPath(import.meta.url)), "../web/public/avatars");
const filesOnDisk = readdirSync(folder).sort();
const ids = BUILT_IN_AVATARS.map((avatar) => avatar.id);

describe("the built-in avatar list", () => {
  it("has at least 14 avatars with unique ids and labels", () => {
    expect(ids.length).toBeGreaterThanOrEqual(14);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(BUILT_IN_AVATARS.map((a) => a.label)).size).toBe(ids.length);
  });

  it("uses lowercase words with dashes for ids and short labels", () => {
    for (const { id, label } of BUILT_IN_AVATARS) {
      expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(label).toMatch(/^[A-Z][a-z]*( [a-z]+)*$/);
      expect(label.length).toBeLessThanOrEqual(16);
    }
  });

  it("has a file for every listed avatar", () => {
    for (const id of ids) expect(filesOnDisk).toContain(`${id}.svg`);
  });

  it("lists every file in the folder", () => {
    expect(filesOnDisk).toEqual(ids.map((id) => `${id}.svg`).sort());
  });
});

describe.each(ids)("the %s picture", (id) => {
  const path = join(folder, `${id}.svg`);
  const text = readFileSync(path, "utf8");

  it("is under 4 KB", () => {
    expect(statSync(path).size).toBeLessThan(4096);
  });

  it("is well-formed SVG with a square 128 viewBox and a title", () => {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
    const root = doc.documentElement;
    expect(root.localName).toBe("svg");
    expect(root.namespaceURI).toBe("http://www.w3.org/2000/svg");
    expect(root.getAttribute("viewBox")).toBe("0 0 128 128");
    for (const size of ["width", "height"]) {
      const value = root.getAttribute(size);
      if (value !== null) expect(value).toBe("128");
    }
    const title = root.querySelector("title");
    expect(title?.textContent?.trim()).toBe(BUILT_IN_AVATARS.find((a) => a.id === id)?.label);
    expect(root.getElementsByTagName("text")).toHaveLength(0);
  });

  it("holds nothing active, embedded or external", () => {
    expect(text).not.toMatch(/<script/i);
    expect(text).not.toMatch(/\son[a-z]+\s*=/i);
    expect(text).not.toMatch(/foreignObject/i);
    expect(text).not.toMatch(/<image/i);
    expect(text).not.toMatch(/<!DOCTYPE|<!ENTITY|<\?xml-stylesheet/i);
    expect(text).not.toMatch(/@import|javascript:|data:/i);
    for (const match of text.matchAll(/href\s*=\s*["']([^"']*)["']/gi)) expect(match[1]).toMatch(/^#[\w-]+$/);
    for (const match of text.matchAll(/url\(\s*([^)]*)\)/gi)) expect(match[1]).toMatch(/^#[\w-]+$/);
  });
});

describe("isBuiltInAvatarUrl", () => {
  it("accepts exactly the listed URLs", () => {
    for (const id of ids) {
      expect(builtInAvatarUrl(id)).toBe(`/avatars/${id}.svg`);
      expect(isBuiltInAvatarUrl(builtInAvatarUrl(id))).toBe(true);
      expect(builtInAvatarId(builtInAvatarUrl(id))).toBe(id);
    }
  });

  it.each([
    "",
    "/avatars/",
    "/avatars/lamb",
    "/avatars/lamb.svg?x",
    "/avatars/lamb.svg#x",
    "/avatars/lamb.svg/",
    "/avatars/Lamb.svg",
    "/avatars/lamb.SVG",
    " /avatars/lamb.svg",
    "/avatars/lamb.svg ",
    "/avatars/../x.svg",
    "/avatars/../uploads/x.svg",
    "/avatars/unicorn.svg",
    "avatars/lamb.svg",
    "//avatars/lamb.svg",
    "/avatars//lamb.svg",
    "/avatars/%6Camb.svg",
    "/uploads/lamb.svg",
    "/uploads/avatars/lamb.svg",
    "https://example.com/avatars/lamb.svg",
    "http://localhost:3000/avatars/lamb.svg",
    "javascript:alert(1)",
  ])("refuses %j", (url) => {
    expect(isBuiltInAvatarUrl(url)).toBe(false);
    expect(builtInAvatarId(url)).toBeNull();
  });
});
