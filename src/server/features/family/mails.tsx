/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas above keep this file's JSX working when tsx runs the server from a folder whose tsconfig.json it
// does not read (it reads the one in the working directory).
import { Body, Button, Container, Head, Html, Link, Preview, Section, Text } from "@react-email/components";
import { render } from "@react-email/render";
import { FAMILY_LINK_TTL_MS, FAMILY_SWITCHES, type FamilyLinkKind, WHAT_WE_KEEP } from "../../../core/family";
import type { MailMessage } from "../../adapters/mail/mailer";

// Families (issue 24): the mail that asks a parent to agree to a child's account (or invites a second parent or
// guardian). One React Email template gives the HTML and, through its text conversion, the plain-text part, so the
// two always say the same. It names the child only by username: nothing the child wrote ever goes into it.

const LINK_DAYS = Math.round(FAMILY_LINK_TTL_MS / (24 * 60 * 60 * 1000));

/** Every word of the mail, in one place. */
export const PARENT_CONSENT_MAIL = {
  subject: {
    consent: "Your child asked to join Lamplight",
    invitation: "You're invited to join your child's Lamplight family",
  },
  greeting: "Hello!",
  consent: {
    preview: (child: string) =>
      `${child} asked to join Lamplight. The account stays closed until you say yes.`,
    intro: (child: string) =>
      `A child with the username ${child} signed up for Lamplight, a Bible-story app for children, and gave this email as their parent's.`,
    waiting: (child: string) =>
      `Children under 13 need a parent's yes. ${child}'s account stays closed until you say yes.`,
    ignore: `If you did not expect this email, you can ignore it: the account is deleted after ${LINK_DAYS} days.`,
  },
  invitation: {
    preview: (child: string) => `You're invited to be a parent or guardian of ${child} on Lamplight.`,
    intro: (invitedBy: string, child: string) =>
      `${invitedBy} invited you to be a parent or guardian of ${child} on Lamplight, a Bible-story app for children.`,
    waiting: (child: string) =>
      `As a parent or guardian, you can see how ${child} uses Lamplight and choose what they may do.`,
    ignore: `If you did not expect this email, you can ignore it: the invitation ends after ${LINK_DAYS} days.`,
    /** When the inviting parent gave no name. */
    someone: "Another parent",
    /** A teen (13-17) asked from their own profile. */
    fromTeen: (child: string) =>
      `${child} asked you to be their parent or guardian on Lamplight, a Bible-story app for children and teens.`,
  },
  button: "Review and agree",
  linkFallback: "If the button does not work, copy this link into your browser:",
  linkRules: `The link works once, for ${LINK_DAYS} days.`,
  keepHeading: (child: string) => `What Lamplight keeps about ${child}:`,
  switchesHeading: (child: string) =>
    `On the page, you choose what ${child} may do. You can change this later:`,
  switchState: (on: boolean) => (on ? "on" : "off"),
  signOff: "— Lamplight",
} as const;

export type ParentConsentMailInput = {
  to: string;
  childUsername: string;
  link: string;
  kind: FamilyLinkKind;
  /** The first parent's email or name, as given; only for an invitation. */
  invitedBy?: string;
  /** An invitation a teen sent from their own profile ('Add a parent'). */
  fromTeen?: boolean;
};

const colors = {
  text: "#1c1917",
  muted: "#44403c",
  button: "#92400e",
  buttonText: "#ffffff",
  page: "#ffffff",
};
const paragraph = { fontSize: "16px", lineHeight: "24px", color: colors.text, margin: "0 0 16px" };
const list = { ...paragraph, paddingLeft: "24px" };

function ParentConsentEmail({
  childUsername,
  link,
  kind,
  invitedBy,
  fromTeen,
}: Omit<ParentConsentMailInput, "to">) {
  const words = PARENT_CONSENT_MAIL;
  const intro =
    kind === "consent"
      ? words.consent.intro(childUsername)
      : fromTeen
        ? words.invitation.fromTeen(childUsername)
        : words.invitation.intro(invitedBy?.trim() || words.invitation.someone, childUsername);
  return (
    <Html lang="en" dir="ltr">
      <Head />
      <Preview>{words[kind].preview(childUsername)}</Preview>
      <Body style={{ backgroundColor: colors.page, fontFamily: "Arial, Helvetica, sans-serif", margin: 0 }}>
        <Container style={{ maxWidth: "560px", padding: "24px 16px" }}>
          <Text style={paragraph}>{words.greeting}</Text>
          <Text style={paragraph}>{intro}</Text>
          <Text style={paragraph}>{words[kind].waiting(childUsername)}</Text>
          <Section style={{ margin: "8px 0 16px" }}>
            <Button
              href={link}
              data-text-link="true"
              style={{
                backgroundColor: colors.button,
                color: colors.buttonText,
                fontSize: "16px",
                fontWeight: "bold",
                borderRadius: "6px",
                padding: "12px 20px",
              }}
            >
              {words.button}
            </Button>
          </Section>
          <Text style={paragraph}>{words.linkRules}</Text>
          <Text style={{ ...paragraph, color: colors.muted, fontSize: "14px" }} data-skip-in-text="true">
            {words.linkFallback}{" "}
            <Link
              href={link}
              style={{ color: colors.button, textDecoration: "underline", wordBreak: "break-all" }}
            >
              {link}
            </Link>
          </Text>
          <Text style={paragraph}>{words.keepHeading(childUsername)}</Text>
          <ul style={list}>
            {WHAT_WE_KEEP.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <Text style={paragraph}>{words.switchesHeading(childUsername)}</Text>
          <ul style={list}>
            {FAMILY_SWITCHES.map((choice) => (
              <li key={choice.key}>{`${choice.label}: ${words.switchState(choice.defaultOn)}`}</li>
            ))}
          </ul>
          <Text style={paragraph}>{words[kind].ignore}</Text>
          <Text style={paragraph}>{words.signOff}</Text>
        </Container>
      </Body>
    </Html>
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
  formatters: { buttonWithLinkBelow },
  selectors: [{ selector: "a[data-text-link=true]", format: "buttonWithLinkBelow" }],
};

/** The mail to a parent: consent for a child under 13, or an invitation to a second parent or guardian. */
export async function parentConsentMail(input: ParentConsentMailInput): Promise<MailMessage> {
  const { to, ...content } = input;
  const email = <ParentConsentEmail {...content} />;
  const [html, text] = await Promise.all([
    render(email),
    render(email, { plainText: true, htmlToTextOptions: plainTextOptions }),
  ]);
  return { to, subject: PARENT_CONSENT_MAIL.subject[input.kind], text, html };
}
