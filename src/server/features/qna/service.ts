import { and, asc, desc, eq, ilike, isNull, type Placeholder, sql } from "drizzle-orm";
import { readerAgeGroup } from "../../../core/ages";
import {
  type ConversationFolder,
  type ConversationMessage,
  type ConversationSummary,
  conversationTitle,
  type FolderColor,
  QNA_CONTEXT_MESSAGES,
  QNA_MESSAGES,
} from "../../../core/schemas/qna";
import type { Database } from "../../db/client";
import { cursorTime, decodeTimeCursor, encodeTimeCursor, escapeLike, UUID } from "../../db/keyset";
import { perDatabase } from "../../db/prepared";
import {
  conversationFolders,
  conversationMessages,
  conversations,
  leaderQuestions,
  profiles,
} from "../../db/schema";
import { AppError } from "../../http/errors";

// Folders and conversations are private: every query is filtered by the owner, so another user's id reads as
// "not found" — the refusal tells nothing about whether it exists.

const CONVERSATIONS_PAGE_SIZE = 50;
/** A message still `streaming` after this long belongs to an answer that died with its server. */
const STREAMING_STALE_MS = 2 * 60 * 1000;

const folderNotFound = () => new AppError("folder_not_found", 404, QNA_MESSAGES.folderNotFound);
export const conversationNotFound = () =>
  new AppError("conversation_not_found", 404, QNA_MESSAGES.conversationNotFound);

function toFolder(row: typeof conversationFolders.$inferSelect, conversationCount = 0): ConversationFolder {
  return {
    id: row.id,
    name: row.name,
    color: row.color as FolderColor,
    createdAt: row.createdAt.toISOString(),
    conversationCount,
  };
}

function toSummary(row: typeof conversations.$inferSelect): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    folderId: row.folderId,
    lastMessageAt: row.lastMessageAt.toISOString(),
    messageCount: row.messageCount,
  };
}

/** An answer still `streaming` long after it began died with its server: the reader sees the failure text. */
function isAbandoned(row: typeof conversationMessages.$inferSelect, now = Date.now()): boolean {
  return row.status === "streaming" && now - row.createdAt.getTime() >= STREAMING_STALE_MS;
}

export function toMessage(
  row: typeof conversationMessages.$inferSelect,
  askedLeader: boolean,
): ConversationMessage {
  const abandoned = isAbandoned(row);
  return {
    id: row.id,
    type: row.type as ConversationMessage["type"],
    content: abandoned ? QNA_MESSAGES.chatFailed : row.content,
    status: abandoned ? "failed" : (row.status as ConversationMessage["status"]),
    createdAt: row.createdAt.toISOString(),
    askedLeader,
  };
}

export async function listFolders(db: Database, userId: string) {
  const rows = await db
    .select({ folder: conversationFolders, count: sql<number>`count(${conversations.id})::int` })
    .from(conversationFolders)
    .leftJoin(conversations, eq(conversations.folderId, conversationFolders.id))
    .where(eq(conversationFolders.userId, userId))
    .groupBy(conversationFolders.id)
    .orderBy(asc(conversationFolders.createdAt), asc(conversationFolders.id));
  return rows.map((row) => toFolder(row.folder, row.count));
}

export async function createFolder(
  db: Database,
  userId: string,
  input: { name: string; color: FolderColor },
) {
  const [row] = await db
    .insert(conversationFolders)
    .values({ userId, name: input.name, color: input.color })
    .returning();
  if (!row) throw new Error("folder insert returned nothing");
  return toFolder(row);
}

export async function updateFolder(
  db: Database,
  userId: string,
  folderId: string,
  changes: { name?: string; color?: FolderColor },
) {
  if (!UUID.test(folderId)) throw folderNotFound();
  const [row] = await db
    .update(conversationFolders)
    .set(changes)
    .where(and(eq(conversationFolders.id, folderId), eq(conversationFolders.userId, userId)))
    .returning();
  if (!row) throw folderNotFound();
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(conversations)
    .where(eq(conversations.folderId, row.id));
  return toFolder(row, counted?.count ?? 0);
}

/** Its conversations stay, in no folder: the foreign key sets their folder to null. */
export async function deleteFolder(db: Database, userId: string, folderId: string) {
  if (!UUID.test(folderId)) throw folderNotFound();
  const deleted = await db
    .delete(conversationFolders)
    .where(and(eq(conversationFolders.id, folderId), eq(conversationFolders.userId, userId)))
    .returning({ id: conversationFolders.id });
  if (deleted.length === 0) throw folderNotFound();
}

type PageFilters = { q?: string; folder?: string; after?: { time: string; id: string } | null };

/** A reader's conversations, newest first, one more than a page (to know whether another follows). */
function conversationsPage(db: Database, userId: string | Placeholder, { q, folder, after }: PageFilters) {
  return db
    .select({ conversation: conversations, time: cursorTime(conversations.lastMessageAt) })
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, userId),
        q ? ilike(conversations.title, `%${escapeLike(q)}%`) : undefined,
        folder === "none"
          ? isNull(conversations.folderId)
          : folder
            ? eq(conversations.folderId, folder)
            : undefined,
        after
          ? sql`(${conversations.lastMessageAt}, ${conversations.id}) < (${after.time}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(CONVERSATIONS_PAGE_SIZE + 1);
}

const firstPageOfReader = perDatabase((db: Database) =>
  conversationsPage(db, sql.placeholder("userId"), {}).prepare("conversations_of_reader"),
);

/**
 * The sidebar: newest activity first, 50 a page (keyset), optionally only titles containing `q`, or one folder's
 * (`none`: those in no folder). Another user's folder id simply matches nothing of this user's.
 */
export async function listConversations(
  db: Database,
  userId: string,
  { q, folder, cursor }: { q: string; folder?: string; cursor?: string },
) {
  const after = cursor ? decodeTimeCursor(cursor) : null;
  // The list as it first opens (no search, folder or cursor) is the one every visit asks for: prepared.
  const rows =
    q || folder || after
      ? await conversationsPage(db, userId, { q, folder, after })
      : await firstPageOfReader(db).execute({ userId });
  const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    conversations: page.map((row) => toSummary(row.conversation)),
    nextCursor:
      rows.length > CONVERSATIONS_PAGE_SIZE && last
        ? encodeTimeCursor(last.time, last.conversation.id)
        : null,
  };
}

export async function requireConversation(db: Database, userId: string, conversationId: string) {
  if (!UUID.test(conversationId)) throw conversationNotFound();
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)));
  if (!row) throw conversationNotFound();
  return row;
}

export async function requireFolder(db: Database, userId: string, folderId: string) {
  const [row] = await db
    .select({ id: conversationFolders.id })
    .from(conversationFolders)
    .where(and(eq(conversationFolders.id, folderId), eq(conversationFolders.userId, userId)));
  if (!row) throw folderNotFound();
}

/** Rename, or move into a folder (or out of any, with null); the caller has checked both are the owner's. */
export async function updateConversation(
  db: Database,
  conversationId: string,
  changes: { title?: string; folderId?: string | null },
) {
  const [row] = await db
    .update(conversations)
    .set(changes)
    .where(eq(conversations.id, conversationId))
    .returning();
  // Deleted since the caller's check.
  if (!row) throw conversationNotFound();
  return toSummary(row);
}

/** The caller has checked the conversation is the owner's; its messages go with it. */
export async function deleteConversation(db: Database, conversationId: string) {
  await db.delete(conversations).where(eq(conversations.id, conversationId));
}

export async function listMessages(db: Database, userId: string, conversationId: string) {
  const conversation = await requireConversation(db, userId, conversationId);
  const rows = await db
    .select({ message: conversationMessages, leaderQuestionId: leaderQuestions.id })
    .from(conversationMessages)
    .leftJoin(leaderQuestions, eq(leaderQuestions.answerMessageId, conversationMessages.id))
    .where(eq(conversationMessages.conversationId, conversation.id))
    .orderBy(asc(conversationMessages.id));
  return rows.map((row) => toMessage(row.message, row.leaderQuestionId !== null));
}

export type StartedQuestion = {
  conversation: ConversationSummary;
  userMessageId: number;
  aiMessageId: number;
  /** The conversation's earlier messages, oldest first, for the AI's context. */
  history: { type: "user" | "ai" | "leader"; content: string }[];
};

/**
 * Saves the question and an empty ai message in one transaction (the first question creates the
 * conversation, titled after it). A conversation whose answer is still being written is refused: the
 * conversation row is locked, so two questions sent at once cannot both start.
 */
export async function startQuestion(
  db: Database,
  userId: string,
  question: string,
  conversationId?: string,
): Promise<StartedQuestion> {
  return db.transaction(async (tx) => {
    let conversation: typeof conversations.$inferSelect | undefined;
    let history: StartedQuestion["history"] = [];
    if (conversationId) {
      if (!UUID.test(conversationId)) throw conversationNotFound();
      [conversation] = await tx
        .select()
        .from(conversations)
        .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)))
        .for("update");
      if (!conversation) throw conversationNotFound();
      const recent = await tx
        .select()
        .from(conversationMessages)
        .where(eq(conversationMessages.conversationId, conversation.id))
        .orderBy(desc(conversationMessages.id))
        .limit(QNA_CONTEXT_MESSAGES);
      const answering = recent.find((message) => message.status === "streaming" && !isAbandoned(message));
      if (answering) throw new AppError("still_answering", 409, QNA_MESSAGES.stillAnswering);
      history = recent
        .reverse()
        .filter((message) => message.status !== "failed" && message.content.trim() !== "")
        .map((message) => ({
          type: message.type as StartedQuestion["history"][number]["type"],
          content: message.content,
        }));
    } else {
      [conversation] = await tx
        .insert(conversations)
        .values({ userId, title: conversationTitle(question) })
        .returning();
      if (!conversation) throw new Error("conversation insert returned nothing");
    }
    const [userMessage, aiMessage] = await tx
      .insert(conversationMessages)
      .values([
        { conversationId: conversation.id, type: "user", content: question },
        { conversationId: conversation.id, type: "ai", content: "", status: "streaming" },
      ])
      .returning({ id: conversationMessages.id });
    if (!userMessage || !aiMessage) throw new Error("message insert returned nothing");
    const [updated] = await tx
      .update(conversations)
      .set({ messageCount: sql`${conversations.messageCount} + 2`, lastMessageAt: sql`now()` })
      .where(eq(conversations.id, conversation.id))
      .returning();
    if (!updated) throw conversationNotFound();
    return {
      conversation: toSummary(updated),
      userMessageId: userMessage.id,
      aiMessageId: aiMessage.id,
      history,
    };
  });
}

/** Spec §4: the final text goes to the latest ai message. */
export async function finishAnswer(
  db: Database,
  conversationId: string,
  aiMessageId: number,
  content: string,
  status: "done" | "failed",
) {
  await db.transaction(async (tx) => {
    await tx
      .update(conversationMessages)
      .set({ content, status })
      .where(
        and(
          eq(conversationMessages.id, aiMessageId),
          eq(conversationMessages.conversationId, conversationId),
        ),
      );
    await tx
      .update(conversations)
      .set({ lastMessageAt: sql`now()` })
      .where(eq(conversations.id, conversationId));
  });
}

/** Which of a bank answer's two lengths suits the reader: the short one under 13 (by birth year). */
export async function readerOf(db: Database, userId: string): Promise<"child" | "teen"> {
  const [profile] = await db
    .select({ birthYear: profiles.birthYear })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return readerAgeGroup(profile?.birthYear);
}

/** Every question the reader has asked, for Question Master. */
export async function countQuestions(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(and(eq(conversations.userId, userId), eq(conversationMessages.type, "user")));
  return row?.count ?? 0;
}
