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

/** From 18 a reader may be a parent or guardian of another. */
export const ADULT_AGE = 18;

/** The youngest and oldest ages the 'Birth year' select offers. */
export const YOUNGEST_AGE = 4;
export const OLDEST_AGE = 100;

/** The years the 'Birth year' select offers, youngest first. */
export function birthYearChoices(now = new Date()): number[] {
  const thisYear = now.getUTCFullYear();
  return Array.from({ length: OLDEST_AGE - YOUNGEST_AGE + 1 }, (_, index) => thisYear - YOUNGEST_AGE - index);
}

/** Under 13: the sign-up that needs a parent's consent (issue 24). */
export const isUnder13 = (birthYear: number | null | undefined, now = new Date()) =>
  birthYear != null && ageThisYear(birthYear, now) < TEEN_AGE;

/**
 * The age band `npm run users` and a parent's view show: "under 13", "13-17", "18+", or "13+" for an account
 * made before the birth year was asked.
 */
export function ageBand(birthYear: number | null | undefined, now = new Date()): string {
  if (birthYear == null) return "13+";
  const age = ageThisYear(birthYear, now);
  if (age < TEEN_AGE) return "under 13";
  if (age < ADULT_AGE) return "13-17";
  return "18+";
}

/** A grown-up (or an account made before ages were asked): who may be a parent of another reader. */
export const isAdult = (birthYear: number | null | undefined, now = new Date()) =>
  birthYear == null || ageThisYear(birthYear, now) >= ADULT_AGE;
