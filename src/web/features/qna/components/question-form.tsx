import { Send } from "lucide-react";
import { type FormEvent, type KeyboardEvent, type Ref, useId, useRef, useState } from "react";
import { QUESTION_MAX_LENGTH } from "../../../../core/schemas/qna";
import { NeedsConnection } from "../../../components/needs-connection";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { useKeepInView } from "../../../lib/use-keep-in-view";
import { useOnline } from "../../../lib/use-online";
import type { AskOutcome } from "../hooks/use-ask";

/** The counter shows once a question comes this close to the limit. */
export const COUNTER_FROM = QUESTION_MAX_LENGTH - 100;

/**
 * 'Your question': Enter sends, Shift+Enter starts a new line. Nothing is sent while the question is blank or an
 * answer is still streaming (spec §5). A question the server turns down comes back into the box.
 */
export function QuestionForm({
  streaming,
  error,
  onAsk,
  textareaRef,
}: {
  streaming: boolean;
  /** Why the last question was turned down. */
  error: string | null;
  onAsk: (question: string) => Promise<AskOutcome>;
  textareaRef: Ref<HTMLTextAreaElement>;
}) {
  const [draft, setDraft] = useState("");
  const ownRef = useRef<HTMLTextAreaElement | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useKeepInView(formRef);
  const inputId = useId();
  const hintId = useId();
  const counterId = useId();
  const blank = draft.trim() === "";
  const showCounter = draft.length >= COUNTER_FROM;

  const online = useOnline();
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const question = draft.trim();
    if (!question || streaming || !navigator.onLine) return;
    setDraft("");
    ownRef.current?.focus();
    const outcome = await onAsk(question);
    if (outcome === "refused") setDraft((current) => current || question);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form ref={formRef} onSubmit={submit} className="flex flex-col gap-2 border-t border-slate-200 p-3">
      <ErrorBox>{error}</ErrorBox>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        Your question
      </label>
      <div className="flex items-end gap-2">
        <textarea
          ref={(element) => {
            ownRef.current = element;
            if (typeof textareaRef === "function") textareaRef(element);
            else if (textareaRef) textareaRef.current = element;
          }}
          id={inputId}
          value={draft}
          rows={2}
          maxLength={QUESTION_MAX_LENGTH}
          placeholder="Ask about a Bible story..."
          aria-describedby={showCounter ? `${hintId} ${counterId}` : hintId}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          className="min-h-14 flex-1 resize-y rounded-lg border border-slate-300 px-3 py-2 text-slate-900 placeholder:text-slate-600 focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600"
        />
        <Button
          type="submit"
          disabled={blank || streaming || !online}
          aria-describedby={online ? undefined : "ask-offline"}
        >
          <Send aria-hidden="true" className="size-4" />
          Send
        </Button>
      </div>
      <div className="flex justify-between gap-2 text-xs text-slate-700">
        <p id={hintId}>Press Enter to send, Shift+Enter for a new line.</p>
        {showCounter && (
          <p
            id={counterId}
            className={draft.length >= QUESTION_MAX_LENGTH ? "font-semibold text-red-800" : undefined}
          >
            {draft.length} / {QUESTION_MAX_LENGTH} characters
          </p>
        )}
      </div>
      {!online && <NeedsConnection id="ask-offline" />}
    </form>
  );
}
