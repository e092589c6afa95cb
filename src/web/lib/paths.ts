// Every route of the web app, in one place, so that links never drift.

export const paths = {
  home: "/",
  resetPassword: "/reset-password",
  verifyEmail: "/verify-email",
  stories: "/stories",
  story: (slug: string) => `/stories/${encodeURIComponent(slug)}`,
  qna: "/qna",
  /** The Q&A screen with one conversation open (a leader's reply links here). */
  qnaConversation: (conversationId: string) => `/qna?c=${encodeURIComponent(conversationId)}`,
  groups: "/groups",
  groupChat: (groupId: string) => `/groups/${encodeURIComponent(groupId)}/chat`,
  profile: "/profile",
  leader: "/leader",
  /** 'Your family': a parent's view of their children (issue 24). */
  family: "/family",
  /** Where a parent's consent or invitation mail lands, signed in or not (issue 24). */
  familyConsent: "/family/consent",
  /** Where an optional mail's 'Stop these emails' link lands, signed in or not (issue 25). */
  unsubscribe: "/unsubscribe",
} as const;
