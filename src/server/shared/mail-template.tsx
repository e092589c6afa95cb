/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas above keep this file's JSX working when tsx runs the server from a folder whose tsconfig.json it
// does not read (it reads the one in the working directory).
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { toPlainText } from "@react-email/render";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { MailMessage } from "../adapters/mail/mailer";

// Every mail Lamplight sends comes from this one template set: one React Email layout gives the HTML part and,
// through its text conversion, the plain-text part, so the two always say the same. React escapes whatever a
// mail says (a username, a group's name), so nothing in it can become markup.

export const MAIL_WORDS = {
  greeting: "Hello!",
  signOff: "— Lamplight",
} as const;

const colors = {
  text: "#1c1917",
  muted: "#44403c",
  accent: "#92400e",
  buttonText: "#ffffff",
  page: "#ffffff",
};
export const mailStyles = {
  paragraph: { fontSize: "16px", lineHeight: "24px", color: colors.text, margin: "0 0 16px" },
  list: { fontSize: "16px", lineHeight: "24px", color: colors.text, margin: "0 0 16px", paddingLeft: "24px" },
  small: { fontSize: "14px", lineHeight: "20px", color: colors.muted, margin: "0 0 16px" },
  link: { color: colors.accent, textDecoration: "underline", wordBreak: "break-all" as const },
};

/** The page every mail is written on: the greeting, what the mail says, the sign-off. */
export function MailLayout({ preview, children }: { preview?: string; children: ReactNode }) {
  return (
    <Html lang="en" dir="ltr">
      <Head />
      {preview ? <Preview>{preview}</Preview> : null}
      <Body style={{ backgroundColor: colors.page, fontFamily: "Arial, Helvetica, sans-serif", margin: 0 }}>
        <Container style={{ maxWidth: "560px", padding: "24px 16px" }}>
          <Text style={mailStyles.paragraph}>{MAIL_WORDS.greeting}</Text>
          {children}
          <Text style={mailStyles.paragraph}>{MAIL_WORDS.signOff}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The mail's main action: a button, which the plain text gives as its words with the link on the next line. */
export function MailButton({ href, children }: { href: string; children: string }) {
  return (
    <Section style={{ margin: "8px 0 16px" }}>
      <Button
        href={href}
        data-text-link="true"
        style={{
          backgroundColor: colors.accent,
          color: colors.buttonText,
          fontSize: "16px",
          fontWeight: "bold",
          borderRadius: "6px",
          padding: "12px 20px",
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** A button's link written out, for mail programs that show no buttons; the plain text has it already. */
export function MailLinkFallback({ href, children }: { href: string; children: string }) {
  return (
    <Text style={mailStyles.small} data-skip-in-text="true">
      {children}{" "}
      <Link href={href} style={mailStyles.link}>
        {href}
      </Link>
    </Text>
  );
}

/** What a simple mail is made of, in order. */
export type MailPart =
  | string
  | { heading: string }
  | { list: readonly string[] }
  | { button: string; href: string }
  /** A sentence with a link after it, in small print (e.g. where to change a setting). */
  | { note: string; href: string };

/** An optional mail's way out: a link in its foot, and the List-Unsubscribe headers for one-click. */
export type Unsubscribe = { note: string; pageUrl: string; oneClickUrl: string };

function Part({ part }: { part: MailPart }) {
  if (typeof part === "string") return <Text style={mailStyles.paragraph}>{part}</Text>;
  if ("heading" in part)
    return (
      <Heading as="h2" style={{ ...mailStyles.paragraph, fontSize: "18px", fontWeight: "bold" }}>
        {part.heading}
      </Heading>
    );
  if ("list" in part)
    return (
      <ul style={mailStyles.list}>
        {part.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  if ("button" in part) return <MailButton href={part.href}>{part.button}</MailButton>;
  return (
    <Text style={mailStyles.small}>
      {part.note}{" "}
      <Link href={part.href} style={mailStyles.link}>
        {part.href}
      </Link>
    </Text>
  );
}

// The text conversion (html-to-text, which @react-email/render uses) ships no types: just what the formatter uses.
type TextBuilder = {
  openBlock(options?: { leadingLineBreaks?: number }): void;
  closeBlock(options?: { trailingLineBreaks?: number }): void;
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
  addLineBreak(): void;
};
type TextElement = { attribs?: Record<string, string>; children: unknown[] };

/** In the plain text the button becomes its words, then its link alone on the next line, easy to copy. */
function buttonWithLinkBelow(
  element: TextElement,
  walk: (nodes: unknown[], builder: TextBuilder) => void,
  builder: TextBuilder,
) {
  builder.openBlock({ leadingLineBreaks: 2 });
  walk(element.children, builder);
  builder.addLineBreak();
  builder.addInline(element.attribs?.href ?? "", { noWordTransform: true });
  builder.closeBlock({ trailingLineBreaks: 2 });
}

const plainTextOptions = {
  wordwrap: false as const,
  formatters: { buttonWithLinkBelow },
  selectors: [
    { selector: "a[data-text-link=true]", format: "buttonWithLinkBelow" },
    // A link written out in full says it once in the text, not again in brackets after itself.
    { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
  ],
};

/** What mail programs expect of an HTML mail's first line (as @react-email/render writes it). */
const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * A mail from a template of its own (written with MailLayout): its HTML and plain-text parts.
 *
 * Rendered by React's synchronous renderer, not @react-email/render's `render()`: that one streams, and React's
 * streaming renderer runs each render in an AsyncLocalStorage it never switches off. On Node 20 a storage once
 * used hooks every promise the process makes from then on, so the first mail (a sign-up's) made every later
 * request pay for it: a sixth of the CPU of a signed-in read. A mail waits for nothing, so the two give the same
 * markup, but for the streaming renderer's comment markers.
 */
export async function renderMail(
  to: string,
  subject: string,
  email: ReactNode,
  unsubscribe?: Unsubscribe,
): Promise<MailMessage> {
  const markup = renderToStaticMarkup(email);
  const html = `${XHTML_DOCTYPE}${markup.replace(/<!DOCTYPE.*?>/, "")}`;
  const text = toPlainText(markup, plainTextOptions);
  return {
    to,
    subject,
    text,
    html,
    // RFC 8058: a mail program's own 'Unsubscribe' turns the mail off in one step, without a page.
    ...(unsubscribe && {
      headers: {
        "List-Unsubscribe": `<${unsubscribe.oneClickUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    }),
  };
}

/** A mail made of paragraphs, headings, lists, a button and notes, on the one layout. */
export function simpleMail(content: {
  to: string;
  subject: string;
  preview?: string;
  parts: readonly MailPart[];
  unsubscribe?: Unsubscribe;
}): Promise<MailMessage> {
  const { unsubscribe } = content;
  return renderMail(
    content.to,
    content.subject,
    <MailLayout preview={content.preview}>
      {content.parts.map((part, index) => (
        // Parts are fixed in order for a mail: the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Part key={index} part={part} />
      ))}
      {unsubscribe ? <Part part={{ note: unsubscribe.note, href: unsubscribe.pageUrl }} /> : null}
    </MailLayout>,
    unsubscribe,
  );
}
