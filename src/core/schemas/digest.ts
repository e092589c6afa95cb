// The weekly digest (issue 25, part 4): a leader's Monday summary of their groups, opt-in on the profile.
// Its switch's schema is with the profile's (weeklyDigestSchema in ./profile).

/** Every sentence of the digest and its switch. None of them ever carries a child's own words. */
export const DIGEST_MESSAGES = {
  subject: "Your weekly Lamplight summary",
  intro: "Here is how your groups did this week.",
  group: (name: string) => `Group: ${name}`,
  story: (title: string) => `This week's story: ${title}`,
  noStory: "No story set this week",
  finished: (names: readonly string[]) =>
    `Finished it: ${names.length > 0 ? names.join(", ") : "Nobody yet"}`,
  inactive: (names: readonly string[]) =>
    `Not active for 14 days: ${names.length > 0 ? names.join(", ") : "nobody"}`,
  waiting: (reports: number, flags: number) =>
    `Waiting in the review queue: ${reports === 1 ? "1 report" : `${reports} reports`}, ${flags === 1 ? "1 flagged AI answer or question" : `${flags} flagged AI answers or questions`}`,
  openLeaderPage: "To see more, open the leader page.",
  openLeaderPageButton: "Open the leader page",
  toggleLabel: "Weekly summary by email",
  toggleHelp:
    "Mondays at 8:00 in your time zone: who finished each group's story, who has not been active for 14 days and what waits for review.",
  saved: "Saved",
  saveFailed: "That change was not saved. Please try again.",
} as const;
