// Ages from a birth year: only the year is stored (issue 24), so an age is the one reached this year.

/** Under 13 the helper answers with a bank entry's short answer, 13 and older with the longer one. */
export const TEEN_AGE = 13;

/** The age a reader born in `birthYear` turns in the year of `now`. */
export function ageThisYear(birthYear: number, now = new Date()): number {
  return now.getUTCFullYear() - birthYear;
}

/**
 * Which answer suits the reader: "child" under 13, "teen" from the year they turn 13. Without a birth year
 * (accounts made before it was asked) a reader counts as 13 or older, as issue 24 says.
 */
export function readerAgeGroup(birthYear: number | null | undefined, now = new Date()): "child" | "teen" {
  return birthYear != null && ageThisYear(birthYear, now) < TEEN_AGE ? "child" : "teen";
}
