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

/** Node's own codes for a connection that could not be made or was cut. */
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND"]);

/**
 * The database is unreachable for now (restarting, failing over): a refused or cut connection, or one of
 * PostgreSQL's connection (08…), shutdown (57P01–57P03) or too-many-connections (53300) errors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0;
    current && depth < 4;
    current = current.cause as typeof current, depth += 1
  ) {
    const code = typeof current.code === "string" ? current.code : "";
    if (CONNECTION_CODES.has(code) || code.startsWith("08") || /^57P0[123]$/.test(code) || code === "53300")
      return true;
    if (
      typeof current.message === "string" &&
      /Connection terminated|connection timeout|connection error and is not queryable/i.test(current.message)
    )
      return true;
  }
  return false;
}
