// The offline helper's question bank as the rest of the feature sees it; the files beside it are its parts.
export { type BankEntry, questionBank, readQuestionBank } from "./bank";
export type { Reader } from "./compose";
export {
  createOfflineHelper,
  type OfflineAnswer,
  type OfflineAnswerSource,
  type OfflineHelper,
  offlineHelper,
} from "./offline-helper";
