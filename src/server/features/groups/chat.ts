import { and, desc, eq, isNull, lt } from "drizzle-orm";
import { authorOrDeleted, type FeedAuthor } from "../../../core/schemas/feed";
import type { Database } from "../../db/client";
import { groupMessages, profiles } from "../../db/schema";

const PAGE_SIZE = 50;

const messageColumns = {
  id: groupMessages.id,
  groupId: groupMessages.groupId,
  body: groupMessages.body,
  sentAt: groupMessages.sentAt,
  sender: { id: groupMessages.senderId, username: profiles.username, avatarUrl: profiles.avatarUrl },
};

export type ChatMessage = {
  id: number;
  groupId: string;
  body: string;
  sentAt: string;
  sender: FeedAuthor;
};

function toChatMessage(row: {
  id: number;
  groupId: string;
  body: string;
  sentAt: Date;
  sender: FeedAuthor;
}): ChatMessage {
  return { ...row, sender: authorOrDeleted(row.sender), sentAt: row.sentAt.toISOString() };
}

/** A page of chat, oldest first; `before` pages back through the history by id. */
export async function listMessages(db: Database, groupId: string, before?: number) {
  const rows = await db
    .select(messageColumns)
    .from(groupMessages)
    .leftJoin(profiles, eq(profiles.id, groupMessages.senderId))
    .where(
      and(
        eq(groupMessages.groupId, groupId),
        isNull(groupMessages.hiddenAt),
        before ? lt(groupMessages.id, before) : undefined,
      ),
    )
    .orderBy(desc(groupMessages.id))
    .limit(PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE).reverse();
  return { messages: page.map(toChatMessage), hasMore: rows.length > PAGE_SIZE };
}

export async function sendMessage(db: Database, groupId: string, senderId: string, body: string) {
  const [inserted] = await db
    .insert(groupMessages)
    .values({ groupId, senderId, body })
    .returning({ id: groupMessages.id });
  const [row] = await db
    .select(messageColumns)
    .from(groupMessages)
    .leftJoin(profiles, eq(profiles.id, groupMessages.senderId))
    .where(eq(groupMessages.id, inserted?.id ?? 0));
  if (!row) throw new Error("message insert returned nothing");
  return toChatMessage(row);
}
