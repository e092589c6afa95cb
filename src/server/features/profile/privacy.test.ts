import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendPost } from "../../test/fixtures";
import {
  call,
  createGroupAs,
  createTestApp,
  joinGroupAs,
  type signUpUser,
  signUpUserWithRole,
  type TestApp,
} from "../../test/harness";
import { type EventStream, openEventStream } from "../../test/sse";

// Issue 6: no user's email is ever sent to another user. User A, with an email found nowhere else, is active
// everywhere; then every GET route of the app, and the event stream, is read as a fellow member, a leader and
// an admin, and none of them may carry any part of A's address. The route list is checked against the app's
// own route tree, so a new GET route fails this test until it is added here.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpUser>>;

const EMAIL_LOCAL = "amos.quietbrook";
const EMAIL_DOMAIN = "hidden-family-mail.example";

/** Every text a viewer was sent, with where it came from, for the assertion to name the leaking route. */
type Seen = { label: string; text: string };

function expectNoEmailOf(user: User, seen: Seen[]) {
  const needles = [user.email.toLowerCase(), EMAIL_LOCAL, EMAIL_DOMAIN];
  for (const { label, text } of seen) {
    const lower = text.toLowerCase();
    for (const needle of needles) expect(lower.includes(needle), `${label} carries "${needle}"`).toBe(false);
  }
}

type Ids = {
  groups: string[];
  posts: { groupId: string; id: string }[];
  conversationIds: string[];
  uploads: string[];
  /** Members whose card is read, each from a group the viewer may share with them. */
  members: { userId: string; groupId: string }[];
};

/**
 * Every GET route of the app, each with the concrete paths that exercise it. `/api/events` is read as a stream
 * below; `/uploads/*` are A's own files, fetched by their URLs.
 */
const GET_ROUTES: Record<string, (ids: Ids) => string[]> = {
  "/api/health": () => ["/api/health"],
  // A 404 without METRICS_TOKEN, and only counts with it: no user's words ever.
  "/metrics": () => ["/metrics"],
  "/api/auth/session": () => ["/api/auth/session"],
  "/api/profile": () => ["/api/profile"],
  "/api/profile/achievements": () => ["/api/profile/achievements"],
  "/api/profile/export": () => ["/api/profile/export"],
  "/api/profile/members/:userId": ({ members }) =>
    members.map(({ userId, groupId }) => `/api/profile/members/${userId}?groupId=${groupId}`),
  "/api/stories": () => ["/api/stories"],
  "/api/stories/:slug": () => ["/api/stories/creation"],
  "/api/stories/:slug/cover.webp": () => ["/api/stories/creation/cover.webp?size=256"],
  "/api/stories/:slug/layers/:layer/check": () => ["/api/stories/creation/layers/1/check"],
  "/api/bible/verses": () => ["/api/bible/verses?ref=Luke%2015:20"],
  "/api/memory-verses": () => ["/api/memory-verses"],
  "/api/learning/today": () => ["/api/learning/today"],
  "/api/groups": () => ["/api/groups", "/api/groups?scope=all"],
  "/api/groups/:groupId": ({ groups }) => groups.map((id) => `/api/groups/${id}`),
  "/api/groups/:groupId/members": ({ groups }) =>
    groups.flatMap((id) => [`/api/groups/${id}/members`, `/api/groups/${id}/members?q=a`]),
  "/api/groups/:groupId/messages": ({ groups }) => groups.map((id) => `/api/groups/${id}/messages`),
  "/api/groups/:groupId/posts": ({ groups }) => groups.map((id) => `/api/groups/${id}/posts`),
  "/api/groups/:groupId/posts/:postId/comments": ({ posts }) =>
    posts.map((post) => `/api/groups/${post.groupId}/posts/${post.id}/comments`),
  "/api/groups/:groupId/admin-delete": ({ groups }) => groups.map((id) => `/api/groups/${id}/admin-delete`),
  // This week's story and the Progress tab (issue 25): the leader set one in A's group, which A has read.
  "/api/groups/:groupId/assignment": ({ groups }) => groups.map((id) => `/api/groups/${id}/assignment`),
  "/api/groups/:groupId/progress": ({ groups }) => groups.map((id) => `/api/groups/${id}/progress`),
  "/api/groups/:groupId/progress.csv": ({ groups }) => groups.map((id) => `/api/groups/${id}/progress.csv`),
  "/api/assignments": () => ["/api/assignments"],
  "/api/speech": () => ["/api/speech"],
  "/api/speech/timings": () => ["/api/speech/timings?slug=creation&layer=1"],
  "/api/events": () => [],
  "/api/notifications": () => ["/api/notifications"],
  "/api/qna/folders": () => ["/api/qna/folders"],
  "/api/qna/conversations": () => ["/api/qna/conversations"],
  "/api/qna/conversations/:id/messages": ({ conversationIds }) =>
    conversationIds.map((id) => `/api/qna/conversations/${id}/messages`),
  "/api/leader/queue": () => ["/api/leader/queue"],
  "/api/leader/audit": () => ["/api/leader/audit"],
  "/api/leader/mutes": () => ["/api/leader/mutes"],
  "/api/leader/care-mails": () => ["/api/leader/care-mails"],
  "/api/push": () => ["/api/push"],
  "/api/leader/media": () => ["/api/leader/media"],
  "/api/leader/avatars": () => ["/api/leader/avatars"],
  // In the moderation contract (src/core/schemas/moderation.ts); read here as soon as it is served.
  "/api/leader/flags": () => ["/api/leader/flags"],
  "/api/leader/questions": () => ["/api/leader/questions", "/api/leader/questions?status=answered"],
  "/api/leader/question-drafts": () => ["/api/leader/question-drafts"],
  "/uploads/*": ({ uploads }) => uploads,
  // Families: the viewers have no children, so A's export is someone else's child (404) to each of them.
  "/api/family": () => ["/api/family"],
  "/api/family/waiting": () => ["/api/family/waiting"],
  "/api/family/parents": () => ["/api/family/parents"],
  "/api/family/children/:childId/export": ({ members }) =>
    members.map(({ userId }) => `/api/family/children/${userId}/export`),
};

async function drain(stream: EventStream, label: string): Promise<Seen[]> {
  const seen: Seen[] = [];
  for (let event = await stream.next(1500); event; event = await stream.next(500)) {
    seen.push({ label: `${label} ${event.type}`, text: JSON.stringify(event) });
  }
  await stream.close();
  return seen;
}

describe("no user's email is ever sent to another user", () => {
  it("lists every GET route of the app", () => {
    const served = new Set(t.app.routes.filter((route) => route.method === "GET").map((route) => route.path));
    const missing = [...served].filter((path) => !(path in GET_ROUTES));
    expect(missing, "GET routes this test does not read").toEqual([]);
  });

  it("is in no response to a member, a leader or an admin, nor in their event streams", async () => {
    const a = await signUpUserWithRole(t, "member", { email: `${EMAIL_LOCAL}@${EMAIL_DOMAIN}` });
    const b = await signUpUserWithRole(t, "member");
    const leader = await signUpUserWithRole(t, "leader");
    const admin = await signUpUserWithRole(t, "admin");
    const viewers = { member: b, leader, admin };
    const seen: Seen[] = [];
    const record = (label: string, response: { text: string }) => seen.push({ label, text: response.text });

    // Open before A does anything, so that every live event reaches them.
    const liveStreams = await Promise.all(
      Object.entries(viewers).map(async ([name, viewer]) => ({
        name,
        stream: await openEventStream(t, viewer.cookie),
      })),
    );

    // A's groups, and a group of B's that A joins; B, the leader and the admin are in all of them.
    const aGroup = await createGroupAs(t, a, "Amos group");
    const bGroup = await createGroupAs(t, b, "Beth group");
    for (const viewer of [b, leader, admin]) await joinGroupAs(t, viewer, aGroup);
    for (const viewer of [a, leader, admin]) await joinGroupAs(t, viewer, bGroup);

    // A's profile, with a picture.
    await call(t, "/api/profile", { method: "PATCH", cookie: a.cookie, json: { bio: "I like Noah" } });
    const picture = await sharp({ create: { width: 48, height: 48, channels: 3, background: "teal" } })
      .png()
      .toBuffer();
    const avatarForm = new FormData();
    avatarForm.append(
      "file",
      new File([picture as Uint8Array<ArrayBuffer>], "me.png", { type: "image/png" }),
    );
    const avatar = await call(t, "/api/profile/avatar", { cookie: a.cookie, body: avatarForm });
    expect(avatar.status).toBe(200);

    // Posts with @mentions (one with a picture that waits for a leader), comments, replies and reactions.
    const ark = { bytes: picture, name: "ark.png", type: "image/png" };
    const posts: { groupId: string; id: string }[] = [];
    const postAs = async (
      user: User,
      groupId: string,
      title: string,
      content: string,
      withPicture = false,
    ) => {
      const file = withPicture ? ark : undefined;
      const response = await sendPost(t, user, { id: groupId }, { title, content, file });
      expect(response.status, response.text).toBe(201);
      if (user !== a) record(`POST posts as ${user.username}`, response);
      posts.push({ groupId, id: response.data.id });
      return response.data as { id: string; mediaUrl: string | null };
    };
    const aPost = await postAs(a, aGroup.id, "The ark", `Hello @${b.username} and @${leader.username}`, true);
    await postAs(a, bGroup.id, "Rainbow", `Thanks @${b.username}`);
    const bPost = await postAs(b, aGroup.id, "Doves", `Hi @${a.username}`);
    const commentAs = async (
      user: User,
      groupId: string,
      postId: string,
      content: string,
      parent?: string,
    ) => {
      const response = await call(t, `/api/groups/${groupId}/posts/${postId}/comments`, {
        cookie: user.cookie,
        json: { content, parentCommentId: parent },
      });
      expect(response.status, response.text).toBe(201);
      if (user !== a) record(`POST comments as ${user.username}`, response);
      return response.data as { id: string };
    };
    const aComment = await commentAs(a, aGroup.id, bPost.id, `Lovely @${b.username}`);
    await commentAs(b, aGroup.id, bPost.id, "Thank you", aComment.id);
    await commentAs(a, aGroup.id, aPost.id, "More animals");
    for (const [user, groupId, postId, type] of [
      [a, aGroup.id, bPost.id, "love"],
      [b, aGroup.id, aPost.id, "like"],
    ] as const) {
      const response = await call(t, `/api/groups/${groupId}/posts/${postId}/reaction`, {
        cookie: user.cookie,
        json: { type },
      });
      expect(response.status, response.text).toBeLessThan(300);
      if (user !== a) record("POST reaction as B", response);
    }
    const commentReaction = await call(t, `/api/groups/${aGroup.id}/comments/${aComment.id}/reaction`, {
      cookie: b.cookie,
      json: { type: "pray" },
    });
    record("POST comment reaction as B", commentReaction);

    // Chat in both groups, both ways.
    for (const [user, groupId, body] of [
      [a, aGroup.id, "Good morning"],
      [a, bGroup.id, "Hello Beth"],
      [b, aGroup.id, "Morning Amos"],
    ] as const) {
      const response = await call(t, `/api/groups/${groupId}/messages`, {
        cookie: user.cookie,
        json: { body },
      });
      expect(response.status, response.text).toBe(201);
      if (user !== a) record("POST message as B", response);
    }
    const [aMessage] = (await call(t, `/api/groups/${aGroup.id}/messages`, { cookie: a.cookie })).data
      .messages;

    // Reports both ways, and a leader acting on one: the queue, the audit log and the notices all name people.
    const reportAs = async (user: User, targetType: string, targetId: string) => {
      const response = await call(t, "/api/reports", {
        cookie: user.cookie,
        json: { targetType, targetId, reason: "other", note: "please look" },
      });
      expect(response.status, response.text).toBeLessThan(300);
      if (user !== a) record(`POST report as ${user.username}`, response);
    };
    await reportAs(a, "post", bPost.id);
    await reportAs(b, "post", aPost.id);
    await reportAs(b, "message", String(aMessage.id));
    const queue = await call(t, "/api/leader/queue", { cookie: leader.cookie });
    const reportOnA = queue.data.reports.find(
      (r: { item: { targetId: string } }) => r.item.targetId === String(aMessage.id),
    );
    expect(reportOnA).toBeDefined();
    const action = await call(t, `/api/leader/reports/${reportOnA.id}/action`, {
      cookie: leader.cookie,
      json: { action: "hide", reason: "checking" },
    });
    expect(action.status, action.text).toBe(200);
    record("POST leader action", action);

    // Private things of A's own: a Q&A conversation, a story read.
    const asked = await call(t, "/api/qna/ask", {
      cookie: a.cookie,
      json: { question: "Who built the ark?" },
    });
    expect(asked.status).toBe(200);
    // A question that needs a trusted adult: leaders are told who asked it (the AI flags, once served).
    const risky = await call(t, "/api/qna/ask", {
      cookie: a.cookie,
      json: { question: "Someone at school keeps hitting me" },
    });
    expect(risky.status).toBe(200);
    const aConversation = (await call(t, "/api/qna/conversations", { cookie: a.cookie })).data
      .conversations[0];
    // A sends the ark question to the leaders ('Ask a leader'), and a leader answers it and drafts it for the bank.
    const arkAnswer = (
      await call(t, `/api/qna/conversations/${aConversation.id}/messages`, { cookie: a.cookie })
    ).data.messages[1];
    const sentToLeaders = await call(t, `/api/qna/conversations/${aConversation.id}/ask-leader`, {
      cookie: a.cookie,
      json: { answerId: arkAnswer.id },
    });
    expect(sentToLeaders.status, sentToLeaders.text).toBe(201);
    const [leaderQuestion] = (await call(t, "/api/leader/questions", { cookie: leader.cookie })).data
      .questions;
    const leaderReply = await call(t, `/api/leader/questions/${leaderQuestion.id}/reply`, {
      cookie: leader.cookie,
      json: { reply: "Noah built it, as God told him." },
    });
    expect(leaderReply.status, leaderReply.text).toBe(200);
    record("POST leader reply", leaderReply);
    const drafted = await call(t, `/api/leader/questions/${leaderQuestion.id}/draft`, {
      cookie: leader.cookie,
      method: "POST",
    });
    expect(drafted.status, drafted.text).toBe(201);
    record("POST question draft", drafted);
    const bAsked = await call(t, "/api/qna/ask", { cookie: b.cookie, json: { question: "Who was Noah?" } });
    record("POST ask as B", bAsked);
    const bConversation = (await call(t, "/api/qna/conversations", { cookie: b.cookie })).data
      .conversations[0];
    await call(t, "/api/stories/creation/layers/1/generate", { method: "POST", cookie: a.cookie });
    const assigned = await call(t, `/api/groups/${aGroup.id}/assignment`, {
      method: "PUT",
      cookie: leader.cookie,
      json: { storySlug: "creation", layers: 2 },
    });
    expect(assigned.status, assigned.text).toBe(200);
    record("PUT assignment as leader", assigned);

    // The control: A's own account answers do carry the address, so the needles below would be found.
    const own = await call(t, "/api/auth/session", { cookie: a.cookie });
    expect(own.text).toContain(a.email);
    expect((await call(t, "/api/profile/export", { cookie: a.cookie })).text).toContain(a.email);
    expect(() => expectNoEmailOf(a, [{ label: "control", text: own.text }])).toThrow();

    const ids: Ids = {
      groups: [aGroup.id, bGroup.id],
      posts,
      conversationIds: [aConversation.id, bConversation.id],
      uploads: [avatar.data.avatarUrl, aPost.mediaUrl].filter((url): url is string => Boolean(url)),
      members: [{ userId: a.id, groupId: aGroup.id }],
    };
    let reads = 0;
    for (const [name, viewer] of Object.entries(viewers)) {
      for (const [route, pathsOf] of Object.entries(GET_ROUTES)) {
        for (const path of pathsOf(ids)) {
          const response = await call(t, path, { cookie: viewer.cookie });
          expect(response.status, `${name} GET ${path}`).toBeLessThan(500);
          seen.push({ label: `${name} GET ${path} (${route})`, text: response.text });
          reads += 1;
        }
      }
    }
    expect(reads).toBeGreaterThan(60);
    // The reads were real: the member sees A's posts and name, the leader A's reported message.
    const memberFeed = seen.find((s) => s.label.startsWith(`member GET /api/groups/${aGroup.id}/posts `));
    expect(memberFeed?.text).toContain(a.username);
    expect(seen.find((s) => s.label.startsWith("leader GET /api/leader/queue"))?.text).toContain(a.username);
    expect(
      seen.find((s) => s.label.startsWith("admin GET /api/leader/questions?status=answered"))?.text,
    ).toContain(a.username);
    expect(seen.find((s) => s.label.startsWith("admin GET /api/leader/audit"))?.text).toContain("checking");
    expect(seen.find((s) => s.label.startsWith("member GET /api/notifications"))?.text).toContain(a.username);

    // The event streams: what arrived live, and a reconnect's replay of everything stored.
    for (const { name, stream } of liveStreams) seen.push(...(await drain(stream, `${name} live`)));
    for (const [name, viewer] of Object.entries(viewers)) {
      const replay = await openEventStream(t, viewer.cookie, { lastEventId: 0 });
      seen.push(...(await drain(replay, `${name} replay`)));
    }
    const events = seen.filter((s) => s.label.includes(" live ") || s.label.includes(" replay "));
    expect(events.some((s) => s.label.startsWith("member live post_created"))).toBe(true);
    expect(events.some((s) => s.label.startsWith("member replay group_message"))).toBe(true);
    expect(events.some((s) => s.label.startsWith("member live notification"))).toBe(true);

    expectNoEmailOf(a, seen);
  });
});
