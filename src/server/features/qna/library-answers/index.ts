// The offline helper's answer engine as the rest of the server sees it; the files beside it are its parts.
//
// With no AI account, a child's question is answered by retrieval over the story library. The answer
// only ever quotes the library's own ministry-reviewed lines, so a verse can never be invented or
// altered; when the library has no good match it says so kindly instead.
export { createLibraryAnswerer, type LibraryAnswerer, QNA_FALLBACK_ANSWER } from "./answer";
