// Spec §2 "Notification dropdown": each item shows a relative time ending in 'ago'.

const UNITS = [
  { name: "year", ms: 365 * 24 * 60 * 60 * 1000 },
  { name: "month", ms: 30 * 24 * 60 * 60 * 1000 },
  { name: "week", ms: 7 * 24 * 60 * 60 * 1000 },
  { name: "day", ms: 24 * 60 * 60 * 1000 },
  { name: "hour", ms: 60 * 60 * 1000 },
  { name: "minute", ms: 60 * 1000 },
] as const;

/** "less than a minute ago", "1 minute ago", "5 minutes ago", "2 hours ago", "3 days ago"... */
export function timeAgo(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === "string" ? new Date(date) : date;
  // A clock a little ahead of the server's must not read "in 3 seconds".
  const elapsed = Math.max(0, now.getTime() - then.getTime());
  for (const unit of UNITS) {
    const count = Math.floor(elapsed / unit.ms);
    if (count >= 1) return `${count} ${unit.name}${count === 1 ? "" : "s"} ago`;
  }
  return "less than a minute ago";
}
