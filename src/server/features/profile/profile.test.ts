import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../core/messages";
import { call, createTestApp, signUpUser, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function form(bytes: Uint8Array, name: string, type: string) {
  const body = new FormData();
  body.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return body;
}

const png = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: "#fbbf24" } })
    .png()
    .toBuffer();

/** A photo carrying GPS coordinates in its EXIF, as a phone would write it. */
const jpegWithGps = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: "#4338ca" } })
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Kidphone 3" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 0/1",
      },
    })
    .jpeg()
    .toBuffer();

/** Whether an EXIF block points at a GPS directory: tag 0x8825 in its first directory, either byte order. */
function hasGpsDirectory(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? 6 : 0);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const first = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  for (let entry = 0; entry < u16(first); entry++) if (u16(first + 2 + entry * 12) === 0x8825) return true;
  return false;
}

const avatarFilesOf = (userId: string) => {
  const dir = join(t.dataDir, "uploads", "user-uploads", userId, "avatar");
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe("GET /api/profile", () => {
  it("refuses a visitor with 'Not authenticated'", async () => {
    const response = await call(t, "/api/profile");
    expect(response.status).toBe(401);
    expect(response.data.error.message).toBe("Not authenticated");
  });
});

describe("PATCH /api/profile", () => {
  it("saves a trimmed bio and username", async () => {
    const user = await signUpUser(t);
    const response = await call(t, "/api/profile", {
      method: "PATCH",
      cookie: user.cookie,
      json: { username: "  shepherd_boy ", bio: "  I like David's story.  " },
    });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ username: "shepherd_boy", bio: "I like David's story." });
  });

  it("stores blank username and bio as null (spec §5)", async () => {
    const user = await signUpUser(t);
    await call(t, "/api/profile", { method: "PATCH", cookie: user.cookie, json: { bio: "Hello" } });
    const response = await call(t, "/api/profile", {
      method: "PATCH",
      cookie: user.cookie,
      json: { username: "   ", bio: "" },
    });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ username: null, bio: null });
  });

  it("refuses a username someone else has, and changes nothing", async () => {
    const first = await signUpUser(t, { username: "queen_esther" });
    const second = await signUpUser(t);
    const response = await call(t, "/api/profile", {
      method: "PATCH",
      cookie: second.cookie,
      json: { username: "Queen_Esther", bio: "changed" },
    });
    expect(response.status).toBe(409);
    expect(response.data.error.message).toBe(MESSAGES.usernameTaken);
    expect((await call(t, "/api/profile", { cookie: second.cookie })).data.bio).toBeNull();
    expect((await call(t, "/api/profile", { cookie: first.cookie })).data.username).toBe("queen_esther");
  });

  it("lets a user keep their own username in another case", async () => {
    const user = await signUpUser(t, { username: "jonah_fish" });
    const response = await call(t, "/api/profile", {
      method: "PATCH",
      cookie: user.cookie,
      json: { username: "Jonah_Fish" },
    });
    expect(response.status).toBe(200);
    expect(response.data.username).toBe("Jonah_Fish");
  });

  it.each([
    [{ bio: "x".repeat(501) }, MESSAGES.bioTooLong],
    [{ username: "<script>" }, MESSAGES.usernameFormat],
  ])("refuses %j with a clear message", async (json, message) => {
    const user = await signUpUser(t);
    const response = await call(t, "/api/profile", { method: "PATCH", cookie: user.cookie, json });
    expect(response.status).toBe(400);
    expect(response.data.error.message).toBe(message);
  });

  it("never lets a user set their own XP or level", async () => {
    const user = await signUpUser(t);
    const response = await call(t, "/api/profile", {
      method: "PATCH",
      cookie: user.cookie,
      json: { xp: 9999, level: 99 },
    });
    expect(response.status).toBe(400);
    expect((await call(t, "/api/profile", { cookie: user.cookie })).data).toMatchObject({ xp: 0, level: 1 });
  });

  it("refuses a visitor", async () => {
    expect((await call(t, "/api/profile", { method: "PATCH", json: { bio: "hi" } })).status).toBe(401);
  });
});

describe("POST /api/profile/avatar", () => {
  it("re-encodes a photo to 256×256 with its GPS and camera data removed, and serves it safely", async () => {
    const user = await signUpUser(t);
    const photo = await jpegWithGps();
    expect(hasGpsDirectory((await sharp(photo).metadata()).exif)).toBe(true);

    const response = await call(t, "/api/profile/avatar", {
      cookie: user.cookie,
      body: form(photo, "holiday.jpg", "image/jpeg"),
    });
    expect(response.status).toBe(200);
    expect(response.data.avatarUrl).toMatch(
      new RegExp(`^/uploads/user-uploads/${user.id}/avatar/\\d+\\.webp$`),
    );

    const served = await t.app.request(response.data.avatarUrl, { headers: { cookie: user.cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ width: 256, height: 256, format: "webp" });
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("Kidphone"))).toBe(false);
    // The file as stored, not only as served: nothing of the phone's EXIF, GPS, XMP or colour profile.
    const stored = await t.storage.get(response.data.avatarUrl.replace(/^\/uploads\//, ""));
    const storedMetadata = await sharp(stored?.bytes).metadata();
    expect(storedMetadata.exif).toBeUndefined();
    expect(hasGpsDirectory(storedMetadata.exif)).toBe(false);
    expect(storedMetadata.xmp).toBeUndefined();
    expect(storedMetadata.icc).toBeUndefined();
    expect(Buffer.from(stored?.bytes ?? []).includes(Buffer.from("PhoneCo"))).toBe(false);

    const profile = await call(t, "/api/profile", { cookie: user.cookie });
    expect(profile.data.avatarUrl).toBe(response.data.avatarUrl);
  });

  it("accepts PNG, WebP and GIF and keeps only the newest avatar file", async () => {
    const user = await signUpUser(t);
    const source = await png();
    for (const [bytes, name] of [
      [source, "a.png"],
      [await sharp(source).webp().toBuffer(), "b.webp"],
      [await sharp(source).gif().toBuffer(), "c.gif"],
    ] as const) {
      const response = await call(t, "/api/profile/avatar", {
        cookie: user.cookie,
        body: form(bytes, name, "image/png"),
      });
      expect(response.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2)); // distinct timestamps in the names
    }
    expect(avatarFilesOf(user.id)).toHaveLength(1);
  });

  it.each([
    [
      "an SVG",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "a.svg",
      "image/svg+xml",
    ],
    ["HTML named .png", Buffer.from("<html><script>alert(1)</script></html>"), "a.png", "image/png"],
    ["a PDF", Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n"), "a.png", "image/png"],
  ])("refuses %s and stores nothing", async (_label, bytes, name, type) => {
    const user = await signUpUser(t);
    const response = await call(t, "/api/profile/avatar", {
      cookie: user.cookie,
      body: form(bytes, name, type),
    });
    expect(response.status).toBe(400);
    expect(response.data.error.message).toBe(MESSAGES.avatarWrongType);
    expect(avatarFilesOf(user.id)).toEqual([]);
    expect((await call(t, "/api/profile", { cookie: user.cookie })).data.avatarUrl).toBeNull();
  });

  it("refuses a truncated image that only starts like a PNG", async () => {
    const user = await signUpUser(t);
    const broken = (await png()).subarray(0, 60);
    const response = await call(t, "/api/profile/avatar", {
      cookie: user.cookie,
      body: form(broken, "a.png", "image/png"),
    });
    expect(response.status).toBe(400);
    expect(avatarFilesOf(user.id)).toEqual([]);
  });

  it("refuses an image over 5 MB", async () => {
    const user = await signUpUser(t);
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(await png(), 0);
    const response = await call(t, "/api/profile/avatar", {
      cookie: user.cookie,
      body: form(big, "big.png", "image/png"),
    });
    expect(response.status).toBe(413);
    expect(response.data.error.message).toBe(MESSAGES.avatarTooLarge);
    expect(avatarFilesOf(user.id)).toEqual([]);
  });

  it("refuses a request without a file, and a visitor", async () => {
    const user = await signUpUser(t);
    const empty = await call(t, "/api/profile/avatar", { cookie: user.cookie, body: new FormData() });
    expect(empty.status).toBe(400);
    const visitor = await call(t, "/api/profile/avatar", { body: form(await png(), "a.png", "image/png") });
    expect(visitor.status).toBe(401);
  });
});

describe("GET /uploads/*", () => {
  it("answers 404 for unknown and path-escaping names", async () => {
    expect((await t.app.request("/uploads/user-uploads/nobody/avatar/1.webp")).status).toBe(404);
    expect((await t.app.request("/uploads/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
  });
});

describe("cross-site requests", () => {
  it("refuses a form post that another site sends with the user's cookie", async () => {
    const user = await signUpUser(t);
    const response = await call(t, "/api/profile/avatar", {
      cookie: user.cookie,
      headers: { origin: "https://evil.example" },
      body: form(await png(), "a.png", "image/png"),
    });
    expect(response.status).toBe(403);
    expect(response.data.error.message).toBe("This request came from another site.");
    expect(avatarFilesOf(user.id)).toEqual([]);
  });
});
