// Every table of the database, one file per domain; `import … from "../db/schema"` resolves here.
export * from "./auth";
export * from "./families";
export * from "./feed";
export * from "./groups";
export * from "./jobs";
export * from "./moderation";
export * from "./notifications";
export * from "./profiles";
export * from "./push";
export * from "./qna";
export * from "./realtime";
export * from "./stories";
