/**
 * A mail file from the outbox made readable for a test's `toContain`: folded headers joined back into one line,
 * and quoted-printable parts decoded (soft line breaks removed, =XX turned back into UTF-8).
 */
export function readableEml(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const head = split === -1 ? eml : eml.slice(0, split);
  const body = split === -1 ? "" : eml.slice(split);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const decoded = body.replace(/=\r?\n/g, "").replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .split("=")
        .slice(1)
        .map((hex) => Number.parseInt(hex, 16)),
    ).toString("utf8"),
  );
  return unfolded + decoded;
}
