// Test users get generated usernames, and every username passes moderation: a random base-36 string can
// spell a rude word or read as a phone number, which would fail a test by chance. Consonants only, with no
// digits (read as letters by the word list's leetspeak rules) and none of the letters of the words it knows.
const SAFE_LETTERS = "bdghjmnpqrvwz";

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
