declare module "dumb-passwords" {
  const dumbPasswords: {
    /** True when the password (case-insensitive) is among the 10,000 most common passwords. */
    check(password: string): boolean;
  };
  export default dumbPasswords;
}
