// What other features may use of the sign-in: the session, and the account's password and sign-out.
export { useChangePassword } from "./api/change-password";
export { sessionQuery } from "./api/get-session";
export { useSignOut } from "./api/sign-out";
