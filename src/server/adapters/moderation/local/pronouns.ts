/** "You" and "your" as children write them in chat: "u", "ur", "ya". */
export const YOU = "(?:you|u|ya)";
export const YOUR = "(?:your|ur|yr|yer)";
