import { asc, eq } from "drizzle-orm";
import { ACHIEVEMENTS } from "../../../core/achievements";
import { readStoredReadingSettings } from "../../../core/schemas/reading-settings";
import type { Database } from "../../db/client";
import {
  checkAnswers,
  commentReactions,
  conversationFolders,
  conversationMessages,
  conversations,
  groupMembers,
  groupMessages,
  groupPosts,
  memoryVerses,
  notifications,
  postComments,
  postReactions,
  profiles,
  readingDays,
  reports,
  stories,
  storyContent,
  storyProgress,
  studyGroups,
  userAchievements,
  users,
} from "../../db/schema";

// 'Download my data': everything Lamplight keeps that the user gave it or earned, in one JSON file. Every query
// is filtered by the user's own id, so nobody else's data can come along; other people appear at most as the
// group names their things sit in and the usernames inside notification texts. A fixed number of queries,
// however much there is.

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const achievementName = (id: string) => ACHIEVEMENTS.find((achievement) => achievement.id === id)?.name ?? id;

/** Who wrote a message of a Q&A conversation, in the export's words. */
const MESSAGE_FROM = { user: "you", ai: "helper", leader: "a leader" } as const;

export async function exportUserData(db: Database, userId: string, now = new Date()) {
  const [
    accountRows,
    profileRows,
    achievementRows,
    progressRows,
    contentRows,
    checkRows,
    verseRows,
    dayRows,
    groupRows,
    postRows,
    commentRows,
    messageRows,
    postReactionRows,
    commentReactionRows,
    folderRows,
    conversationRows,
    conversationMessageRows,
    notificationRows,
    reportRows,
  ] = await Promise.all([
    db.select({ email: users.email, createdAt: users.createdAt }).from(users).where(eq(users.id, userId)),
    db.select().from(profiles).where(eq(profiles.id, userId)),
    db
      .select()
      .from(userAchievements)
      .where(eq(userAchievements.userId, userId))
      .orderBy(asc(userAchievements.earnedAt)),
    db
      .select({ progress: storyProgress, slug: stories.slug, title: stories.title })
      .from(storyProgress)
      .innerJoin(stories, eq(stories.id, storyProgress.storyId))
      .where(eq(storyProgress.userId, userId))
      .orderBy(asc(stories.title)),
    db
      .select({ content: storyContent, slug: stories.slug, title: stories.title })
      .from(storyContent)
      .innerJoin(stories, eq(stories.id, storyContent.storyId))
      .where(eq(storyContent.userId, userId))
      .orderBy(asc(stories.title), asc(storyContent.layer), asc(storyContent.step)),
    db
      .select({ answer: checkAnswers, slug: stories.slug, title: stories.title })
      .from(checkAnswers)
      .innerJoin(stories, eq(stories.id, checkAnswers.storyId))
      .where(eq(checkAnswers.userId, userId))
      .orderBy(asc(stories.title), asc(checkAnswers.layer), asc(checkAnswers.question)),
    db
      .select({ verse: memoryVerses, slug: stories.slug, title: stories.title })
      .from(memoryVerses)
      .innerJoin(stories, eq(stories.id, memoryVerses.storyId))
      .where(eq(memoryVerses.userId, userId))
      .orderBy(asc(stories.title)),
    db
      .select({ day: readingDays.day })
      .from(readingDays)
      .where(eq(readingDays.userId, userId))
      .orderBy(asc(readingDays.day)),
    db
      .select({ name: studyGroups.name, role: groupMembers.role, joinedAt: groupMembers.joinedAt })
      .from(groupMembers)
      .innerJoin(studyGroups, eq(studyGroups.id, groupMembers.groupId))
      .where(eq(groupMembers.userId, userId))
      .orderBy(asc(groupMembers.joinedAt)),
    db
      .select({ post: groupPosts, groupName: studyGroups.name })
      .from(groupPosts)
      .innerJoin(studyGroups, eq(studyGroups.id, groupPosts.groupId))
      .where(eq(groupPosts.authorId, userId))
      .orderBy(asc(groupPosts.createdAt), asc(groupPosts.id)),
    db
      .select({ comment: postComments, groupName: studyGroups.name })
      .from(postComments)
      .innerJoin(groupPosts, eq(groupPosts.id, postComments.postId))
      .innerJoin(studyGroups, eq(studyGroups.id, groupPosts.groupId))
      .where(eq(postComments.authorId, userId))
      .orderBy(asc(postComments.createdAt), asc(postComments.id)),
    db
      .select({ message: groupMessages, groupName: studyGroups.name })
      .from(groupMessages)
      .innerJoin(studyGroups, eq(studyGroups.id, groupMessages.groupId))
      .where(eq(groupMessages.senderId, userId))
      .orderBy(asc(groupMessages.id)),
    db
      .select({ reaction: postReactions, groupName: studyGroups.name })
      .from(postReactions)
      .innerJoin(groupPosts, eq(groupPosts.id, postReactions.postId))
      .innerJoin(studyGroups, eq(studyGroups.id, groupPosts.groupId))
      .where(eq(postReactions.userId, userId))
      .orderBy(asc(postReactions.createdAt)),
    db
      .select({ reaction: commentReactions, groupName: studyGroups.name })
      .from(commentReactions)
      .innerJoin(postComments, eq(postComments.id, commentReactions.commentId))
      .innerJoin(groupPosts, eq(groupPosts.id, postComments.postId))
      .innerJoin(studyGroups, eq(studyGroups.id, groupPosts.groupId))
      .where(eq(commentReactions.userId, userId))
      .orderBy(asc(commentReactions.createdAt)),
    db
      .select()
      .from(conversationFolders)
      .where(eq(conversationFolders.userId, userId))
      .orderBy(asc(conversationFolders.createdAt), asc(conversationFolders.id)),
    db
      .select()
      .from(conversations)
      .where(eq(conversations.userId, userId))
      .orderBy(asc(conversations.createdAt), asc(conversations.id)),
    // The messages of all the user's conversations at once, grouped below; the join keeps them the user's own.
    db
      .select({ message: conversationMessages })
      .from(conversationMessages)
      .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
      .where(eq(conversations.userId, userId))
      .orderBy(asc(conversationMessages.id)),
    db
      .select({ notification: notifications, groupName: studyGroups.name })
      .from(notifications)
      .leftJoin(studyGroups, eq(studyGroups.id, notifications.groupId))
      .where(eq(notifications.recipientId, userId))
      .orderBy(asc(notifications.createdAt), asc(notifications.id)),
    // Only what the user wrote in a report; what was reported, and what leaders did, is about others.
    db
      .select({ report: reports, groupName: studyGroups.name })
      .from(reports)
      .innerJoin(studyGroups, eq(studyGroups.id, reports.groupId))
      .where(eq(reports.reporterId, userId))
      .orderBy(asc(reports.createdAt)),
  ]);

  const account = accountRows[0];
  const profile = profileRows[0];
  const folderNames = new Map(folderRows.map((folder) => [folder.id, folder.name]));
  const messagesByConversation = new Map<string, (typeof conversationMessageRows)[number]["message"][]>();
  for (const { message } of conversationMessageRows) {
    const list = messagesByConversation.get(message.conversationId) ?? [];
    list.push(message);
    messagesByConversation.set(message.conversationId, list);
  }

  return {
    about:
      "Everything Lamplight keeps about you: your account, profile, progress, what you wrote and what you asked.",
    exportedAt: now.toISOString(),
    account: { email: account?.email ?? null, createdAt: iso(account?.createdAt ?? null) },
    profile: profile
      ? {
          username: profile.username,
          bio: profile.bio,
          avatarUrl: profile.avatarUrl,
          // A picture they uploaded that still waits for a leader is theirs too.
          pendingAvatarUrl: profile.pendingAvatarUrl,
          level: profile.level,
          xp: profile.xp,
          role: profile.role,
          createdAt: iso(profile.createdAt),
          postingPausedUntil: iso(profile.mutedUntil),
          readingSettings: readStoredReadingSettings(profile.readingSettings),
          reportMails: profile.reportMails,
          weeklyDigest: profile.weeklyDigest,
          timeZone: profile.timeZone,
        }
      : null,
    achievements: achievementRows.map((row) => ({
      id: row.achievement,
      name: achievementName(row.achievement),
      earnedAt: iso(row.earnedAt),
    })),
    storyProgress: progressRows.map(({ progress, slug, title }) => ({
      story: { slug, title },
      currentStep: progress.currentStep,
      currentLayer: progress.currentLayer,
      highestLayerReached: progress.highestLayerReached,
      completed: progress.completed,
      completedAt: iso(progress.completedAt),
      updatedAt: iso(progress.updatedAt),
    })),
    storyContent: contentRows.map(({ content, slug, title }) => ({
      story: { slug, title },
      layer: content.layer,
      step: content.step,
      content: content.content,
      imageUrl: content.imageUrl,
      updatedAt: iso(content.updatedAt),
    })),
    // 'Check your understanding': how each question was answered, and the reader's own words for an open prompt.
    checks: checkRows.map(({ answer, slug, title }) => ({
      story: { slug, title },
      layer: answer.layer,
      question: answer.question + 1,
      rightFirstTime: answer.firstTryCorrect,
      right: answer.correct,
      tries: answer.attempts,
      written: answer.written,
      updatedAt: iso(answer.updatedAt),
    })),
    memoryVerses: verseRows.map(({ verse, slug, title }) => ({
      story: { slug, title },
      box: verse.box,
      dueOn: verse.dueOn,
      reviews: verse.reviews,
      learnedAt: iso(verse.learnedAt),
    })),
    readingDays: dayRows.map((row) => row.day),
    groups: groupRows.map((row) => ({ name: row.name, role: row.role, joinedAt: iso(row.joinedAt) })),
    posts: postRows.map(({ post, groupName }) => ({
      id: post.id,
      group: groupName,
      title: post.title,
      content: post.content,
      mediaUrl: post.mediaUrl,
      mediaType: post.mediaType,
      pinned: post.isPinned,
      hidden: post.hiddenAt !== null,
      createdAt: iso(post.createdAt),
    })),
    comments: commentRows.map(({ comment, groupName }) => ({
      id: comment.id,
      group: groupName,
      postId: comment.postId,
      replyTo: comment.parentCommentId,
      content: comment.content,
      hidden: comment.hiddenAt !== null,
      createdAt: iso(comment.createdAt),
    })),
    chatMessages: messageRows.map(({ message, groupName }) => ({
      id: message.id,
      group: groupName,
      body: message.body,
      hidden: message.hiddenAt !== null,
      sentAt: iso(message.sentAt),
    })),
    reactions: [
      ...postReactionRows.map(({ reaction, groupName }) => ({
        on: "post" as const,
        id: reaction.postId,
        group: groupName,
        type: reaction.reactionType,
        createdAt: iso(reaction.createdAt),
      })),
      ...commentReactionRows.map(({ reaction, groupName }) => ({
        on: "comment" as const,
        id: reaction.commentId,
        group: groupName,
        type: reaction.reactionType,
        createdAt: iso(reaction.createdAt),
      })),
    ],
    qna: {
      folders: folderRows.map((folder) => ({
        name: folder.name,
        color: folder.color,
        createdAt: iso(folder.createdAt),
      })),
      conversations: conversationRows.map((conversation) => ({
        title: conversation.title,
        folder: conversation.folderId ? (folderNames.get(conversation.folderId) ?? null) : null,
        createdAt: iso(conversation.createdAt),
        lastMessageAt: iso(conversation.lastMessageAt),
        messages: (messagesByConversation.get(conversation.id) ?? []).map((message) => ({
          from: MESSAGE_FROM[message.type as keyof typeof MESSAGE_FROM] ?? ("helper" as const),
          content: message.content,
          status: message.status,
          createdAt: iso(message.createdAt),
        })),
      })),
    },
    notifications: notificationRows.map(({ notification, groupName }) => ({
      type: notification.type,
      message: notification.message,
      group: groupName,
      read: notification.read,
      createdAt: iso(notification.createdAt),
    })),
    reportsMade: reportRows.map(({ report, groupName }) => ({
      group: groupName,
      about: report.targetType,
      reason: report.reason,
      note: report.note,
      createdAt: iso(report.createdAt),
    })),
  };
}

export type DataExport = Awaited<ReturnType<typeof exportUserData>>;
