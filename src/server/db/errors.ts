/** PostgreSQL's unique_violation (23505), as node-postgres and PGlite report it, directly or as a cause. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === "23505" || cause?.code === "23505";
}

/** PostgreSQL's foreign_key_violation (23503): the row referred to is gone (e.g. deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === "23503" || cause?.code === "23503";
}
