/**
 * Calls `onGone` once if the browser goes away before a streamed answer is over. Call what it returns when the
 * stream ends, however it ends.
 *
 * Why letting go matters: once anything reads a request's body as a web stream (the body limit does when no
 * length is declared), the node server builds a full Request on the same signal, and undici keeps that signal
 * in a FinalizationRegistry until the Request is collected. A listener left on the signal reaches the Request
 * back through the handler's context, so neither is ever collected: each story part or question kept its
 * whole request (context, response, socket buffers) in memory, some 30 KB, for the life of the server.
 */
export function whenClientGone(request: Request, onGone: () => void): () => void {
  request.signal.addEventListener("abort", onGone, { once: true });
  return () => request.signal.removeEventListener("abort", onGone);
}
