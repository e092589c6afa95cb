import { expect } from "vitest";
import type { FeedComment, FeedPost } from "../../core/schemas/feed";
import {
  call,
  createGroupAs,
  joinGroupAs,
  signUpUser,
  signUpUserWithRole,
  type TestApp,
  type TestUser,
} from "./harness";

// The group, its members and their posts that most API tests start from, each made through the real routes by
// brand-new users of its own, so that no test depends on what another one made.

export type TestGroup = Awaited<ReturnType<typeof createGroupAs>>;

/** `Count` users as a tuple, so that a test can destructure the members it asked for without casts. */
type Users<Count extends number, Made extends TestUser[] = []> = number extends Count
  ? TestUser[]
  : Made["length"] extends Count
    ? Made
    : Users<Count, [...Made, TestUser]>;

/**
 * A study group and the people in it: its owner (brand-new unless given), then `members` brand-new members and
 * `leaders` brand-new app-wide leaders, who joined with its invite code in that order.
 */
export async function groupWithMembers<Members extends number = 0, Leaders extends number = 0>(
  testApp: TestApp,
  options: { members?: Members; leaders?: Leaders; owner?: TestUser; name?: string } = {},
): Promise<{ owner: TestUser; group: TestGroup; members: Users<Members>; leaders: Users<Leaders> }> {
  const owner = options.owner ?? (await signUpUser(testApp));
  const group = await createGroupAs(testApp, owner, options.name);
  const joined = async (count: number, signUp: () => Promise<TestUser>) => {
    const users: TestUser[] = [];
    for (let index = 0; index < count; index++) {
      const user = await signUp();
      await joinGroupAs(testApp, user, group);
      users.push(user);
    }
    return users;
  };
  const members = await joined(options.members ?? 0, () => signUpUser(testApp));
  const leaders = await joined(options.leaders ?? 0, () => signUpUserWithRole(testApp, "leader"));
  return { owner, group, members: members as Users<Members>, leaders: leaders as Users<Leaders> };
}

/** A picture or video attached to a post, as the browser's file input gives it. */
export type Upload = { bytes: Uint8Array; name: string; type: string };

export type PostFields = { title?: string; content?: string; file?: Upload };

/** The multipart form the web sends to create a post; a field left out is not sent at all. */
export function postForm(fields: PostFields): FormData {
  const form = new FormData();
  if (fields.title !== undefined) form.set("title", fields.title);
  if (fields.content !== undefined) form.set("content", fields.content);
  if (fields.file) {
    const { bytes, name, type } = fields.file;
    form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  }
  return form;
}

/** Sends a post to the group's feed and returns the response as it is, for tests of what is refused. */
export function sendPost(
  testApp: TestApp,
  author: { cookie: string },
  group: { id: string },
  fields: PostFields,
) {
  return call(testApp, `/api/groups/${group.id}/posts`, { cookie: author.cookie, body: postForm(fields) });
}

/** A post in the group's feed, made by `author` through the real route: the post as the route returns it. */
export async function postAs(
  testApp: TestApp,
  author: { cookie: string },
  group: { id: string },
  { title = "Hello", content = "Hello everyone", file }: PostFields = {},
): Promise<FeedPost> {
  const response = await sendPost(testApp, author, group, { title, content, file });
  expect(response.status, response.text).toBe(201);
  return response.data;
}

/** A comment on the post (a reply when `parentCommentId` is given), made by `author` through the real route. */
export async function commentAs(
  testApp: TestApp,
  author: { cookie: string },
  post: { id: string; groupId: string },
  content: string,
  parentCommentId?: string,
): Promise<FeedComment> {
  const response = await call(testApp, `/api/groups/${post.groupId}/posts/${post.id}/comments`, {
    cookie: author.cookie,
    json: { content, parentCommentId },
  });
  expect(response.status, response.text).toBe(201);
  return response.data;
}
