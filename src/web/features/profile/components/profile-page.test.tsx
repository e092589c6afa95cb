import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACHIEVEMENTS, type AchievementView } from "../../../../core/achievements";
import { BUILT_IN_AVATARS } from "../../../../core/avatars";
import { MESSAGES } from "../../../../core/messages";
import { DEFAULT_READING_SETTINGS } from "../../../../core/reading-settings";
import type { MemoryVerseItem } from "../../../../core/schemas/memory-verses";
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES, type Profile } from "../../../../core/schemas/profile";
import { renderWithApp } from "../../../test/render";
import { withSession } from "../../family/family-test-data";
import { UPLOAD_WAITS_NOTE } from "./edit-profile-form";
import ProfilePage from "./profile-page";

type Call = { method: string; pathname: string; body: unknown };
type Answer = { status: number; body: unknown };

const storedProfile: Profile = {
  id: "user-1",
  username: "ruth_reads",
  bio: "I like the story of Ruth.",
  avatarUrl: null,
  avatarPending: false,
  level: 3,
  xp: 250,
  // Midday UTC, so the date reads the same in every time zone the tests might run in.
  createdAt: "2026-11-21T12:00:00.000Z",
  completedStories: 1,
  role: "member",
  readingSettings: DEFAULT_READING_SETTINGS,
};

/** What the server has awarded this reader: First Story, the day after they joined. */
const storedAchievements: AchievementView[] = ACHIEVEMENTS.map((achievement) => ({
  ...achievement,
  earnedAt: achievement.id === "first_story" ? "2026-11-22T12:00:00.000Z" : null,
}));

/** The reader's learnt memory verses: one, in its second box. */
const storedVerses: MemoryVerseItem[] = [
  {
    story: { slug: "ruth-and-naomi", title: "Ruth and Naomi" },
    reference: "Ruth 1:16",
    text: "Your people will be my people, and your God my God.",
    box: 2,
    dueOn: "2099-01-01",
    due: false,
  },
];

/**
 * A tiny stand-in for the API behind the hono client, which calls fetch("/api/...", init). It keeps one
 * profile, applies PATCHes to it, and lets a test override the answer for a route ("PATCH /api/profile").
 */
function stubApi(overrides: Record<string, Answer | (() => Answer)> = {}) {
  let profile: Profile = { ...storedProfile };
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), "http://localhost");
      const method = init?.method ?? "GET";
      const body =
        init?.body instanceof FormData
          ? init.body
          : typeof init?.body === "string"
            ? JSON.parse(init.body)
            : null;
      calls.push({ method, pathname, body });

      const override = overrides[`${method} ${pathname}`];
      if (override) {
        const answer = typeof override === "function" ? override() : override;
        return Response.json(answer.body, { status: answer.status });
      }
      if (method === "GET" && pathname === "/api/profile") return Response.json(profile);
      if (method === "GET" && pathname === "/api/profile/achievements") {
        return Response.json({ achievements: storedAchievements });
      }
      if (method === "GET" && pathname === "/api/memory-verses") {
        return Response.json({ verses: storedVerses, dueToday: 0 });
      }
      if (method === "PATCH" && pathname === "/api/profile") {
        profile = { ...profile, ...body };
        return Response.json(profile);
      }
      if (method === "POST" && pathname === "/api/profile/avatar") {
        profile = { ...profile, avatarUrl: "/uploads/user-uploads/user-1/avatar/1.webp" };
        return Response.json({ avatarUrl: profile.avatarUrl });
      }
      if (method === "POST" && pathname === "/api/auth/sign-out") return Response.json({ success: true });
      return Response.json({ error: { message: "Not found" } }, { status: 404 });
    }),
  );
  return calls;
}

const renderPage = () => renderWithApp(<ProfilePage />, { path: "/profile" }).user;

const writes = (calls: Call[]) => calls.filter((call) => call.method !== "GET");

/** The value shown under a stat tile's label. */
function statValue(label: string) {
  const term = screen.getByText(label, { selector: "dt" });
  return term.nextElementSibling?.textContent;
}

describe("ProfilePage", () => {
  let warn: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    // Save failures are logged on purpose; the spy keeps the output clean and lets tests check it.
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });

  it("shows a spinner, then the profile with its stats, progress, achievements and activity", async () => {
    stubApi();
    renderPage();
    expect(screen.getByRole("status")).toHaveTextContent("Loading profile");

    expect(await screen.findByRole("heading", { level: 2, name: "ruth_reads" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Profile" })).toBeInTheDocument();
    expect(screen.getByText("I like the story of Ruth.")).toBeInTheDocument();

    expect(statValue("Current Level")).toBe("3");
    expect(statValue("Total XP")).toBe("250");
    expect(statValue("XP to Next Level")).toBe("50");

    const bar = screen.getByRole("progressbar", { name: "Progress to Level 4" });
    expect(bar).toHaveAttribute("aria-valuenow", "50");
    expect(bar).toHaveAttribute("aria-valuemin", "0");
    expect(bar).toHaveAttribute("aria-valuemax", "100");
    expect(screen.getByText("Level 3")).toBeInTheDocument();
    expect(screen.getByText("Level 4")).toBeInTheDocument();
    expect(screen.getByText("50%")).toBeInTheDocument();

    const achievements = await within(screen.getByRole("region", { name: "Achievements" })).findAllByRole(
      "listitem",
    );
    expect(achievements.map((item) => item.textContent)).toEqual([
      "First StoryComplete your first Bible storyEarned Nov 22, 2026",
      "Question MasterAsked 10 questions to AI helperNot earned yet",
      "Group LeaderJoined a study groupNot earned yet",
      "Dedicated ReaderRead stories 5 days in a rowNot earned yet",
    ]);

    const activity = within(screen.getByRole("region", { name: "Recent Activity" })).getAllByRole("listitem");
    expect(activity.map((item) => item.textContent)).toEqual([
      "JoinedNovember 21, 2026",
      "Reached Level 3+30 XP",
      "Earned 250 XP points",
    ]);
  });

  it("shows a parent's own account as an account, without a reader's progress", async () => {
    stubApi();
    renderWithApp(<ProfilePage />, {
      path: "/profile",
      seed: withSession({ role: "parent", hasChildren: true }),
    });
    expect(await screen.findByRole("heading", { level: 2, name: "ruth_reads" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Your Progress" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Achievements" })).not.toBeInTheDocument();
  });

  it("offers 'Email me about reports' to a leader only, in the section the mails link to", async () => {
    stubApi({
      "GET /api/profile": { status: 200, body: { ...storedProfile, role: "leader", reportMails: false } },
    });
    renderPage();
    const toggle = await screen.findByRole("switch", { name: "Email me about reports" });
    expect(toggle).not.toBeChecked();
    expect(toggle.closest("section")).toHaveAttribute("id", "report-mails");
  });

  it("offers 'Weekly summary by email' to a leader, in the section the digest links to", async () => {
    stubApi({
      "GET /api/profile": {
        status: 200,
        body: { ...storedProfile, role: "leader", reportMails: true, weeklyDigest: true },
      },
    });
    renderPage();
    const toggle = await screen.findByRole("switch", { name: "Weekly summary by email" });
    expect(toggle).toBeChecked();
    expect(toggle.closest("section")).toHaveAttribute("id", "weekly-digest");
  });

  it("does not offer report mails to a member", async () => {
    stubApi();
    renderPage();
    expect(await screen.findByRole("heading", { level: 2, name: "ruth_reads" })).toBeInTheDocument();
    expect(screen.queryByRole("switch", { name: "Email me about reports" })).not.toBeInTheDocument();
  });

  it("lists 'My verses' with each verse's story and box", async () => {
    stubApi();
    renderPage();
    const myVerses = await screen.findByRole("region", { name: "My verses" });
    const [ruth] = await within(myVerses).findAllByRole("listitem");
    expect(ruth).toHaveTextContent("Ruth 1:16");
    expect(within(ruth as HTMLElement).getByRole("link", { name: "Ruth and Naomi" })).toHaveAttribute(
      "href",
      "/stories/ruth-and-naomi",
    );
    expect(ruth).toHaveTextContent("Box 2 of 5");
    expect(ruth).toHaveTextContent(/Next review/);
  });

  it("shows a new profile as level 1 with nothing earned and 'user' when it has no username", async () => {
    stubApi({
      "GET /api/profile": {
        status: 200,
        body: { ...storedProfile, username: null, bio: null, xp: 0, level: 1, completedStories: 0 },
      },
      "GET /api/profile/achievements": {
        status: 200,
        body: { achievements: storedAchievements.map((achievement) => ({ ...achievement, earnedAt: null })) },
      },
    });
    renderPage();

    expect(await screen.findByRole("heading", { level: 2, name: "user" })).toBeInTheDocument();
    expect(screen.getByText("No bio yet")).toBeInTheDocument();
    expect(statValue("XP to Next Level")).toBe("100");
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
    expect(await screen.findAllByText("Not earned yet")).toHaveLength(4);
    expect(screen.queryByText(/^Earned/)).not.toBeInTheDocument();
    const activity = within(screen.getByRole("region", { name: "Recent Activity" })).getAllByRole("listitem");
    expect(activity.map((item) => item.textContent)).toEqual(["JoinedNovember 21, 2026"]);
  });

  it("shows the error with a button that tries again", async () => {
    let fail = true;
    stubApi({
      "GET /api/profile": () =>
        fail
          ? { status: 500, body: { error: { message: "Server is napping" } } }
          : { status: 200, body: storedProfile },
    });
    const user = renderPage();

    expect(await screen.findByRole("alert")).toHaveTextContent("Server is napping");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 2, name: "ruth_reads" })).toBeInTheDocument();
  });

  it("saves a changed bio, trimmed, and goes back to the view showing it", async () => {
    const calls = stubApi();
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Edit profile" }));

    const bio = screen.getByLabelText("Bio");
    expect(bio).toHaveAttribute("placeholder", "Tell us about yourself...");
    expect(bio).toHaveAttribute("maxlength", "500");
    expect(screen.getByLabelText("Username")).toHaveFocus();
    await user.clear(bio);
    await user.type(bio, "  I love David and Goliath!  ");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("I love David and Goliath!", { selector: "p" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Bio")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit profile" })).toHaveFocus();
    // Only what changed is sent.
    expect(writes(calls)).toEqual([
      { method: "PATCH", pathname: "/api/profile", body: { bio: "I love David and Goliath!" } },
    ]);
  });

  it("sends a blanked bio and username as null", async () => {
    const calls = stubApi();
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Edit profile" }));
    await user.clear(screen.getByLabelText("Username"));
    await user.type(screen.getByLabelText("Username"), "   ");
    await user.clear(screen.getByLabelText("Bio"));
    await user.type(screen.getByLabelText("Bio"), "  ");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("No bio yet")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "user" })).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { method: "PATCH", pathname: "/api/profile", body: { username: null, bio: null } },
    ]);
  });

  it("says 'Saving...' and is disabled while the save is under way", async () => {
    let release: (() => void) | undefined;
    stubApi();
    const realFetch = globalThis.fetch;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === "PATCH") await new Promise<void>((resolve) => (release = resolve));
        return realFetch(input, init);
      }),
    );
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Edit profile" }));
    await user.type(screen.getByLabelText("Bio"), " Amen.");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
    await vi.waitFor(() => expect(release).toBeDefined());
    release?.();
    // A controlled textarea also carries its value as text, so only the view's paragraph counts.
    expect(await screen.findByText("I like the story of Ruth. Amen.", { selector: "p" })).toBeInTheDocument();
  });

  it("stays in edit mode and shows the server's message when the username is taken", async () => {
    const calls = stubApi({
      "PATCH /api/profile": {
        status: 409,
        body: { error: { code: "username_taken", message: MESSAGES.usernameTaken } },
      },
    });
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Edit profile" }));
    await user.clear(screen.getByLabelText("Username"));
    await user.type(screen.getByLabelText("Username"), "david");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.usernameTaken);
    expect(screen.getByLabelText("Username")).toHaveValue("david");
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(writes(calls)).toHaveLength(1);
  });

  it("checks the username before sending it", async () => {
    const calls = stubApi();
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Edit profile" }));
    await user.clear(screen.getByLabelText("Username"));
    await user.type(screen.getByLabelText("Username"), "jo!");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.usernameFormat);
    expect(writes(calls)).toEqual([]);
  });

  it("Cancel goes back to the view and drops the unsaved changes", async () => {
    const calls = stubApi();
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Edit profile" }));
    await user.clear(screen.getByLabelText("Bio"));
    await user.type(screen.getByLabelText("Bio"), "Something else");
    await user.click(screen.getByRole("button", { name: "Cancel" }));

    expect(screen.getByText("I like the story of Ruth.")).toBeInTheDocument();
    expect(screen.queryByText("Something else")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Edit profile" }));
    expect(screen.getByLabelText("Bio")).toHaveValue("I like the story of Ruth.");
    expect(writes(calls)).toEqual([]);
  });

  describe("avatar", () => {
    let created: string[];
    let revoked: string[];

    beforeEach(() => {
      // jsdom has no object URLs; these record what the form creates and gives back.
      created = [];
      revoked = [];
      URL.createObjectURL = (() => {
        const url = `blob:preview-${created.length + 1}`;
        created.push(url);
        return url;
      }) as typeof URL.createObjectURL;
      URL.revokeObjectURL = (url: string) => {
        revoked.push(url);
      };
    });

    afterEach(() => {
      Reflect.deleteProperty(URL, "createObjectURL");
      Reflect.deleteProperty(URL, "revokeObjectURL");
    });

    const picture = (name: string, size = 10) =>
      new File([new Uint8Array(size)], name, { type: "image/png" });

    it("previews the chosen picture, uploads it on Save and releases the preview", async () => {
      const calls = stubApi();
      const user = renderPage();
      await user.click(await screen.findByRole("button", { name: "Edit profile" }));
      const picker = screen.getByLabelText("Choose avatar");
      expect(picker).toHaveAttribute("accept", "image/*");

      await user.upload(picker, picture("first.png"));
      await user.upload(picker, picture("second.png"));
      expect(screen.getByRole("img", { name: "Your new avatar, not saved yet" })).toHaveAttribute(
        "src",
        created.at(-1),
      );
      // The first preview was released as soon as it was replaced.
      expect(revoked).toContain(created[0]);

      await user.click(screen.getByRole("button", { name: "Save" }));
      expect(await screen.findByRole("button", { name: "Edit profile" })).toBeInTheDocument();

      const [upload, ...others] = writes(calls);
      expect(upload).toMatchObject({ method: "POST", pathname: "/api/profile/avatar" });
      const form = upload?.body;
      expect(form).toBeInstanceOf(FormData);
      expect(((form as FormData).get("file") as File).name).toBe("second.png");
      expect(others).toEqual([]);
      expect(new Set(revoked)).toEqual(new Set(created));
    });

    it("uploads the avatar before sending the other changes", async () => {
      const calls = stubApi();
      const user = renderPage();
      await user.click(await screen.findByRole("button", { name: "Edit profile" }));
      await user.upload(screen.getByLabelText("Choose avatar"), picture("me.png"));
      await user.type(screen.getByLabelText("Bio"), " Amen.");
      await user.click(screen.getByRole("button", { name: "Save" }));

      expect(
        await screen.findByText("I like the story of Ruth. Amen.", { selector: "p" }),
      ).toBeInTheDocument();
      expect(writes(calls).map((call) => `${call.method} ${call.pathname}`)).toEqual([
        "POST /api/profile/avatar",
        "PATCH /api/profile",
      ]);
    });

    it("shows the server's message when the picture is refused, and stays in edit mode", async () => {
      stubApi({
        "POST /api/profile/avatar": {
          status: 400,
          body: { error: { code: "avatar_wrong_type", message: MESSAGES.avatarWrongType } },
        },
      });
      const user = renderPage();
      await user.click(await screen.findByRole("button", { name: "Edit profile" }));
      await user.upload(screen.getByLabelText("Choose avatar"), picture("drawing.svg"));
      await user.click(screen.getByRole("button", { name: "Save" }));

      expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.avatarWrongType);
      expect(screen.getByRole("button", { name: "Save" })).toBeInTheDocument();
      expect(warn).toHaveBeenCalledTimes(1);
    });

    it("refuses a picture over 5 MB before uploading it", async () => {
      const calls = stubApi();
      const user = renderPage();
      await user.click(await screen.findByRole("button", { name: "Edit profile" }));
      await user.upload(screen.getByLabelText("Choose avatar"), picture("huge.png", AVATAR_MAX_BYTES + 1));

      expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.avatarTooLarge);
      expect(screen.queryByRole("img", { name: "Your new avatar, not saved yet" })).not.toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Save" }));
      expect(await screen.findByRole("button", { name: "Edit profile" })).toBeInTheDocument();
      expect(writes(calls)).toEqual([]);
    });

    it("offers the built-in pictures first, as a radio group named by their labels, the current one marked", async () => {
      stubApi({
        "GET /api/profile": { status: 200, body: { ...storedProfile, avatarUrl: "/avatars/dove.svg" } },
      });
      const user = renderPage();
      await user.click(await screen.findByRole("button", { name: "Edit profile" }));
      const group = screen.getByRole("group", { name: "Choose a picture" });
      const radios = within(group).getAllByRole("radio");
      expect(radios.map((radio) => radio.getAttribute("value"))).toEqual(BUILT_IN_AVATARS.map((a) => a.id));
      expect(within(group).getByRole("radio", { name: "Lamb" })).not.toBeChecked();
      const dove = within(group).getByRole("radio", { name: "Dove" });
      expect(dove).toBeChecked();
      expect(dove).toHaveAccessibleDescription("Your picture now");
      // The upload comes second.
      const upload = screen.getByText("Or upload your own");
      expect(group.compareDocumentPosition(upload) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(screen.getByText(UPLOAD_WAITS_NOTE)).toBeInTheDocument();
    });

    it("saves a chosen built-in picture with Save, with no approval", async () => {
      const calls = stubApi({
        "PUT /api/profile/avatar/built-in": {
          status: 200,
          body: { avatarUrl: "/avatars/lion.svg", avatarPending: false },
        },
      });
      const user = renderPage();
      await user.click(await screen.findByRole("button", { name: "Edit profile" }));
      const lion = screen.getByRole("radio", { name: "Lion" });
      // Keyboard: the radio takes the focus and Space chooses it.
      lion.focus();
      await user.keyboard(" ");
      expect(lion).toBeChecked();
      expect(writes(calls)).toEqual([]);
      await user.click(screen.getByRole("button", { name: "Save" }));
      expect(await screen.findByRole("button", { name: "Edit profile" })).toBeInTheDocument();
      expect(writes(calls)).toEqual([
        { method: "PUT", pathname: "/api/profile/avatar/built-in", body: { id: "lion" } },
      ]);
    });

    it("drops a chosen built-in picture when a photo is chosen after it, and the other way round", async () => {
      const calls = stubApi();
      const user = renderPage();
      await user.click(await screen.findByRole("button", { name: "Edit profile" }));
      await user.click(screen.getByRole("radio", { name: "Star" }));
      await user.upload(screen.getByLabelText("Choose avatar"), picture("me.png"));
      expect(screen.getByRole("radio", { name: "Star" })).not.toBeChecked();
      await user.click(screen.getByRole("button", { name: "Save" }));
      expect(await screen.findByRole("button", { name: "Edit profile" })).toBeInTheDocument();
      expect(writes(calls).map((call) => `${call.method} ${call.pathname}`)).toEqual([
        "POST /api/profile/avatar",
      ]);

      await user.click(screen.getByRole("button", { name: "Edit profile" }));
      await user.upload(screen.getByLabelText("Choose avatar"), picture("again.png"));
      await user.click(screen.getByRole("radio", { name: "Whale" }));
      expect(screen.queryByRole("img", { name: "Your new avatar, not saved yet" })).not.toBeInTheDocument();
    });

    it("says when the owner's picture waits for a leader", async () => {
      stubApi({
        "GET /api/profile": {
          status: 200,
          body: {
            ...storedProfile,
            avatarUrl: "/uploads/user-uploads/user-1/avatar/1.webp",
            avatarPending: true,
          },
        },
      });
      renderPage();
      expect(await screen.findByText(AVATAR_MESSAGES.pendingForOwner)).toBeInTheDocument();
    });

    it("says nothing of waiting once the picture is approved, nor of leaders to a leader", async () => {
      stubApi({ "GET /api/profile": { status: 200, body: { ...storedProfile, role: "leader" } } });
      const user = renderPage();
      await user.click(await screen.findByRole("button", { name: "Edit profile" }));
      expect(screen.queryByText(AVATAR_MESSAGES.pendingForOwner)).not.toBeInTheDocument();
      expect(screen.queryByText(UPLOAD_WAITS_NOTE)).not.toBeInTheDocument();
    });

    it("Cancel drops the chosen picture", async () => {
      const calls = stubApi();
      const user = renderPage();
      await user.click(await screen.findByRole("button", { name: "Edit profile" }));
      await user.upload(screen.getByLabelText("Choose avatar"), picture("me.png"));
      await user.click(screen.getByRole("button", { name: "Cancel" }));
      await user.click(screen.getByRole("button", { name: "Edit profile" }));

      expect(screen.queryByRole("img", { name: "Your new avatar, not saved yet" })).not.toBeInTheDocument();
      expect(revoked).toEqual(created);
      expect(writes(calls)).toEqual([]);
    });
  });

  it("opens the Change Password modal", async () => {
    stubApi();
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Change Password" }));
    expect(screen.getByRole("dialog", { name: "Change Password" })).toBeInTheDocument();
  });

  it("signs out", async () => {
    const calls = stubApi();
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Sign Out" }));
    await vi.waitFor(() =>
      expect(writes(calls)).toEqual([{ method: "POST", pathname: "/api/auth/sign-out", body: null }]),
    );
  });
});
