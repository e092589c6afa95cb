import { BookOpen } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../../lib/paths";
import { useReadingStyle } from "../../reading-settings";
import { StoryText } from "../../stories";

// A story link at the end of an answer, in one of the two forms the helper writes: a markdown link
// (`[Read David and Goliath](/stories/david-and-goliath)`) or the offline library's bare address
// (`Read the whole story: /stories/david-and-goliath`). Only these, and only paths into our own story pages, become
// links; anything else stays text.
const SLUG = "([a-z0-9]+(?:-[a-z0-9]+)*)";
const TRAILING_MARKDOWN_LINK = new RegExp(`\\[([^[\\]\\n]{1,120})\\]\\(/stories/${SLUG}\\)$`);
const TRAILING_PATH = new RegExp(`(?:^|\\s)/stories/${SLUG}$`);
// "Read the whole story:" before a bare address is the link's own text.
const LEAD_IN = /^([^:\n]{1,60}):$/;

export type StoryLink = { label: string; slug: string };

function trailingLink(line: string): { link: StoryLink; before: string } | null {
  const markdown = TRAILING_MARKDOWN_LINK.exec(line);
  if (markdown)
    return {
      link: { label: markdown[1] ?? "", slug: markdown[2] ?? "" },
      before: line.slice(0, markdown.index).trimEnd(),
    };
  const path = TRAILING_PATH.exec(line);
  if (!path) return null;
  const slug = path[1] ?? "";
  const before = line.slice(0, path.index).trimEnd();
  const leadIn = LEAD_IN.exec(before);
  if (leadIn) return { link: { label: leadIn[1]?.trim() ?? "", slug }, before: "" };
  return { link: { label: `/stories/${slug}`, slug }, before };
}

/** Takes the story links off the end of an answer (one per line, or ending its last line). */
export function splitStoryLinks(text: string): { body: string; links: StoryLink[] } {
  const lines = text.trimEnd().split(/\r\n?|\n/);
  const links: StoryLink[] = [];
  for (;;) {
    const last = lines.at(-1);
    if (last === undefined) break;
    const found = trailingLink(last.trim().replace(/^[-*][ \t]+/, ""));
    if (!found) break;
    links.unshift(found.link);
    if (found.before) {
      lines[lines.length - 1] = found.before;
      break;
    }
    lines.pop();
    while (lines.length > 0 && lines.at(-1)?.trim() === "") lines.pop();
  }
  return { body: lines.join("\n"), links };
}

/**
 * An answer of the AI helper, in the story text dialect (bold, verses, quotes, questions), with its story links as
 * real links. Like the story text, it is React text throughout: never HTML.
 */
export function AnswerText({ text, streaming }: { text: string; streaming: boolean }) {
  // A link still arriving ("/stories/david-and-go") would point at the wrong page: links wait for the whole answer.
  const { body, links } = streaming ? { body: text, links: [] } : splitStoryLinks(text);
  // The reader's text size, font and spacing, as on the story page.
  const reading = useReadingStyle();
  return (
    <div className="flex flex-col gap-3">
      {(body || streaming) && (
        <StoryText text={body} streaming={streaming} className={reading.className} style={reading.style} />
      )}
      {links.length > 0 && (
        <ul className="flex flex-col items-start gap-2">
          {links.map((link, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the links of a finished answer never change
            <li key={index}>
              <Link
                to={paths.story(link.slug)}
                className="inline-flex items-center gap-2 rounded-lg border border-indigo-200 bg-white px-3 py-1.5 text-sm font-semibold text-indigo-800 underline-offset-2 hover:bg-indigo-50 hover:underline"
              >
                <BookOpen aria-hidden="true" className="size-4" />
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
