import { z } from "zod";
import "./zod-messages";

// The AI helper (/qna; spec §2, §3 conversation_folder / conversation / conversation_message, §4 Chat): the
// contract between the Q&A routes and the Q&A screen. Everything here is private to its owner.

/**
 * The spec's fallback for a question the helper cannot answer well, word for word: the server's helper begins
 * such an answer with it, and the screen offers 'Ask a leader' most plainly under it.
 */
export const QNA_FALLBACK_ANSWER =
  "That's a wonderful question! Let me think about that and get back to you.";

export const FOLDER_COLORS = ["blue", "purple", "yellow", "green", "red"] as const;
export type FolderColor = (typeof FOLDER_COLORS)[number];

export const FOLDER_NAME_MAX_LENGTH = 40;
export const QUESTION_MAX_LENGTH = 1000;
export const CONVERSATION_TITLE_LENGTH = 50;
export const CONVERSATION_TITLE_MAX_LENGTH = 80;
export const CONVERSATION_SEARCH_MAX_LENGTH = 100;
/** The question plus this many earlier messages of the conversation go to the AI as context (issue 5). */
export const QNA_CONTEXT_MESSAGES = 10;
/** Spec §9: the question AI's sampling. */
export const QNA_TEMPERATURE = 0.7;
export const QNA_MAX_TOKENS = 800;

export const QNA_MESSAGES = {
  header: "Ask AI About Bible Stories",
  welcome:
    "Hello! I'm here to help you understand Bible stories better. Ask me anything about the characters, lessons, or what happened in the stories you've read!",
  thinking: "AI Helper is thinking...",
  chatFailed: "I'm having trouble connecting right now. Please try again in a moment.",
  questionRequired: "Please type a question first.",
  questionTooLong: `Questions can be at most ${QUESTION_MAX_LENGTH} characters.`,
  stillAnswering: "Please wait for the answer to finish first.",
  folderNameRequired: "Please give your folder a name.",
  folderNameTooLong: `Folder names can be at most ${FOLDER_NAME_MAX_LENGTH} characters.`,
  folderColor: "Please choose blue, purple, yellow, green or red.",
  titleRequired: "Please give your conversation a title.",
  titleTooLong: `Titles can be at most ${CONVERSATION_TITLE_MAX_LENGTH} characters.`,
  conversationNotFound: "That conversation does not exist.",
  folderNotFound: "That folder does not exist.",
} as const;

/** Spec §4: the first question titles its conversation, cut to 50 characters with '...' when longer. */
export function conversationTitle(question: string): string {
  // Characters, not UTF-16 units: an emoji cut in half would be stored as a broken character.
  const characters = Array.from(question.trim().replace(/\s+/g, " "));
  if (characters.length <= CONVERSATION_TITLE_LENGTH) return characters.join("");
  return `${characters.slice(0, CONVERSATION_TITLE_LENGTH).join("").trimEnd()}...`;
}

const folderName = z
  .string({ error: QNA_MESSAGES.folderNameRequired })
  .trim()
  .min(1, QNA_MESSAGES.folderNameRequired)
  .max(FOLDER_NAME_MAX_LENGTH, QNA_MESSAGES.folderNameTooLong);
const folderColor = z.enum(FOLDER_COLORS, { error: QNA_MESSAGES.folderColor });

export const createFolderSchema = z.object({ name: folderName, color: folderColor });
export const updateFolderSchema = z
  .object({ name: folderName.optional(), color: folderColor.optional() })
  .refine((value) => value.name !== undefined || value.color !== undefined, QNA_MESSAGES.folderNameRequired);

export const updateConversationSchema = z
  .object({
    title: z
      .string({ error: QNA_MESSAGES.titleRequired })
      .trim()
      .min(1, QNA_MESSAGES.titleRequired)
      .max(CONVERSATION_TITLE_MAX_LENGTH, QNA_MESSAGES.titleTooLong)
      .optional(),
    /** null takes the conversation out of its folder. */
    folderId: z.uuid(QNA_MESSAGES.folderNotFound).nullable().optional(),
  })
  .refine((value) => value.title !== undefined || value.folderId !== undefined, QNA_MESSAGES.titleRequired);

export const conversationListSchema = z.object({
  q: z.string().trim().max(CONVERSATION_SEARCH_MAX_LENGTH).default(""),
  /** A folder's id for its conversations, `none` for those in no folder; absent for all of them. */
  folder: z.union([z.uuid(QNA_MESSAGES.folderNotFound), z.literal("none")]).optional(),
  cursor: z.string().max(200).optional(),
});

export const askSchema = z.object({
  question: z
    .string({ error: QNA_MESSAGES.questionRequired })
    .trim()
    .min(1, QNA_MESSAGES.questionRequired)
    .max(QUESTION_MAX_LENGTH, QNA_MESSAGES.questionTooLong),
  /** Absent for the first question, which creates the conversation. */
  conversationId: z.uuid(QNA_MESSAGES.conversationNotFound).optional(),
});

export type ConversationFolder = {
  id: string;
  name: string;
  color: FolderColor;
  createdAt: string;
  /** How many conversations it holds, all of them, not only those on a loaded page. */
  conversationCount: number;
};

export type ConversationSummary = {
  id: string;
  title: string;
  folderId: string | null;
  lastMessageAt: string;
  messageCount: number;
};

export type ConversationMessage = {
  id: number;
  /** "leader": a leader's reply to a question the reader sent with 'Ask a leader', shown as 'A leader'. */
  type: "user" | "ai" | "leader";
  content: string;
  status: "streaming" | "done" | "failed";
  createdAt: string;
  /** An ai answer whose question the reader has sent to the leaders ('Ask a leader'). */
  askedLeader: boolean;
};

/** The events of one answer (SSE), one JSON object per `data:` line. */
export const askEventSchema = z.discriminatedUnion("type", [
  /** The question is saved: its conversation (new or not), the user message and the empty ai message. */
  z.object({
    type: z.literal("started"),
    conversation: z.object({
      id: z.string(),
      title: z.string(),
      folderId: z.string().nullable(),
      lastMessageAt: z.string(),
      messageCount: z.number(),
    }),
    userMessageId: z.number(),
    aiMessageId: z.number(),
  }),
  /** A piece of the answer, in order. */
  z.object({ type: z.literal("delta"), text: z.string() }),
  /** The answer is saved with this text. */
  z.object({ type: z.literal("done"), content: z.string() }),
  /** The answer failed; the ai message is saved with QNA_MESSAGES.chatFailed, which `message` carries. */
  z.object({ type: z.literal("error"), message: z.string() }),
  /**
   * Moderation stopped the answer (issue 6): what was shown of it goes, and the ai message is saved with
   * GUARDRAIL_MESSAGES.answer, which `message` carries.
   */
  z.object({ type: z.literal("withheld"), message: z.string() }),
  z.object({ type: z.literal("ping") }),
]);

export type AskEvent = z.infer<typeof askEventSchema>;

/* Route shapes (under /api/qna), signed-in owners only; another user's folder or conversation is 404:
 * GET    /folders                          → { folders: ConversationFolder[] } (oldest first, with counts)
 * POST   /folders { name, color }          → 201 ConversationFolder
 * PATCH  /folders/{id} { name?, color? }   → ConversationFolder
 * DELETE /folders/{id}                     → 204 (its conversations move to no folder)
 * GET    /conversations?q=&folder=&cursor= → { conversations: ConversationSummary[], nextCursor } (newest activity
 *                                            first, 50 a page; q matches the title, any case; folder is a
 *                                            folder's id or `none`, absent for all)
 * PATCH  /conversations/{id} { title?, folderId? } → ConversationSummary (rename, move in or out of a folder)
 * DELETE /conversations/{id}               → 204
 * GET    /conversations/{id}/messages      → { messages: ConversationMessage[] } (oldest first)
 * POST   /ask { question, conversationId? } → SSE of AskEvent: started, delta…, done | error | withheld
 *        (409 stillAnswering while an answer in that conversation is still being written)
 */
