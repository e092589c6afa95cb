// What other features may use of the sign-in: the session, and the account's password and sign-out.
export { useChangePassword } from "./api/change-password";
export { type Session, type SessionUser, sessionQuery, useSession } from "./api/get-session";
export { signInWithEmail } from "./api/sign-in";
export { useSignOut } from "./api/sign-out";
