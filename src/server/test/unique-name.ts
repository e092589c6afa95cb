// Test users get generated usernames, and every username passes moderation: a random base-36 string can
// spell a rude word or read as a phone number, which would fail a test by chance. Consonants only, with no
// digits (read as letters by the word list's leetspeak rules), none of the letters of the words it knows, and
// no "p": with "r" and "n" it spelled "prn", which the list refuses (the 1,307th chat message of a test).
// Checked against the local moderator for the first 300,000 values.
const SAFE_LETTERS = "bdghjmnqrvwz";

/** `value` written in the safe letters: unique for unique values, never a word or a number. */
export function safeLetters(value: number): string {
  let rest = Math.floor(Math.abs(value));
  let text = "";
  do {
    text = SAFE_LETTERS[rest % SAFE_LETTERS.length] + text;
    rest = Math.floor(rest / SAFE_LETTERS.length);
  } while (rest > 0);
  return text;
}
