// 'Confirm your email' in words a child can read; no zod here, so the landing page can show them cheaply.

/** How long a 'Confirm your email' link works. */
export const VERIFICATION_LINK_TTL_HOURS = 24;

export const EMAIL_VERIFICATION_MESSAGES = {
  confirmed: "Your email is confirmed.",
  expired: "This link has expired: links work for 24 hours. Ask for a new one and open it within a day.",
  used: "This link has already been used, so your email is already confirmed.",
  invalid: "This link doesn't work. Please open it again from the email, or ask for a new one.",
  missing: "This page opens from the link in your 'Confirm your email for Lamplight' email.",
  alreadyConfirmed: "Your email is already confirmed.",
  checkEmail:
    "We've sent you an email. If you already have an account with this address, sign in instead, or use 'Forgot your password?'.",
} as const;
