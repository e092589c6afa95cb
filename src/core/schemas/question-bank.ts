import { z } from "zod";
import { VERSE_REFERENCE_SOURCE } from "../stories/verse-reference";

// One entry of the helper's question bank (content/questions/*.yaml, format in content/README.md): the
// server checks the bank with this when it loads it, and the content test checks the files with it, so
// the two can never disagree about what an entry is.

const WHOLE_REFERENCE = new RegExp(`^${VERSE_REFERENCE_SOURCE}$`);

/** Plain text for a child: no emoji, HTML or links. */
const NOT_PLAIN = /[<>]|https?:|www\.|\p{Extended_Pictographic}/u;

const plainText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((text) => !NOT_PLAIN.test(text), "plain text only");

export const questionBankEntrySchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  /** The question as a child would ask it. */
  question: plainText(5, 120),
  /** Other ways it is asked, children's spellings welcome. */
  also: z.array(plainText(3, 120)).min(3).max(10),
  /** The answer for readers under 13. */
  short: plainText(80, 450),
  /** The answer for readers 13 and over. */
  long: plainText(200, 1100),
  /** The World English Bible verses the answers quote, in the order they use them. */
  verses: z
    .array(z.string().refine((reference) => WHOLE_REFERENCE.test(reference), "a verse reference"))
    .min(1)
    .max(3),
  /** A follow-up question to think about. */
  think: plainText(10, 200).refine((text) => text.endsWith("?"), "ends with '?'"),
  /** The library story to read next, by slug. */
  story: z.string().optional(),
  /** Where Christians differ, said kindly. */
  differ: plainText(40, 400).optional(),
});

export type QuestionBankEntry = z.infer<typeof questionBankEntrySchema>;
