/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas above keep this file's JSX working when tsx runs the server from a folder whose tsconfig.json it
// does not read (it reads the one in the working directory).
import { Text } from "@react-email/components";
import { FAMILY_LINK_TTL_MS, FAMILY_SWITCHES, type FamilyLinkKind, WHAT_WE_KEEP } from "../../../core/family";
import type { MailMessage } from "../../adapters/mail/mailer";
import { MailButton, MailLayout, MailLinkFallback, mailStyles, renderMail } from "../../shared/mail-template";

// Families (issue 24): the mail that asks a parent to agree to a child's account (or invites a second parent or
// guardian), on the one mail template (src/server/shared/mail-template.tsx), HTML and plain text. It names the
// child only by username: nothing the child wrote ever goes into it.

const LINK_DAYS = Math.round(FAMILY_LINK_TTL_MS / (24 * 60 * 60 * 1000));

/** Every word of the mail, in one place. */
export const PARENT_CONSENT_MAIL = {
  subject: {
    consent: "Your child asked to join Lamplight",
    invitation: "You're invited to join your child's Lamplight family",
  },
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
    <MailLayout preview={words[kind].preview(childUsername)}>
      <Text style={mailStyles.paragraph}>{intro}</Text>
      <Text style={mailStyles.paragraph}>{words[kind].waiting(childUsername)}</Text>
      <MailButton href={link}>{words.button}</MailButton>
      <Text style={mailStyles.paragraph}>{words.linkRules}</Text>
      <MailLinkFallback href={link}>{words.linkFallback}</MailLinkFallback>
      <Text style={mailStyles.paragraph}>{words.keepHeading(childUsername)}</Text>
      <ul style={mailStyles.list}>
        {WHAT_WE_KEEP.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <Text style={mailStyles.paragraph}>{words.switchesHeading(childUsername)}</Text>
      <ul style={mailStyles.list}>
        {FAMILY_SWITCHES.map((choice) => (
          <li key={choice.key}>{`${choice.label}: ${words.switchState(choice.defaultOn)}`}</li>
        ))}
      </ul>
      <Text style={mailStyles.paragraph}>{words[kind].ignore}</Text>
    </MailLayout>
  );
}

/** The mail to a parent: consent for a child under 13, or an invitation to a second parent or guardian. */
export function parentConsentMail(input: ParentConsentMailInput): Promise<MailMessage> {
  const { to, ...content } = input;
  return renderMail(to, PARENT_CONSENT_MAIL.subject[input.kind], <ParentConsentEmail {...content} />);
}
