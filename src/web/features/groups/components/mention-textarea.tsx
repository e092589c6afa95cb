import { useQueryClient } from "@tanstack/react-query";
import {
  type KeyboardEvent,
  type Ref,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { MENTION_DEBOUNCE_MS, MENTION_SUGGESTIONS } from "../../../../core/schemas/notifications";
import { Avatar } from "../../../components/ui/avatar";
import { type MemberSuggestion, memberSearchQuery } from "../api/search-members";

/** The longest name the member search accepts (memberSearchSchema); a longer word is no one's name. */
const MAX_TERM_LENGTH = 20;

/** The @mention being written at the caret, if any: where its '@' is and the word typed after it. */
export function mentionAt(text: string, caret: number): { start: number; term: string } | null {
  const match = /(?<![\w@])@(\w*)$/.exec(text.slice(0, caret));
  if (!match || (match[1] as string).length > MAX_TERM_LENGTH) return null;
  return { start: match.index, term: match[1] as string };
}

type MentionTextareaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "value" | "onChange" | "role" | "aria-autocomplete" | "aria-controls" | "aria-expanded"
> & {
  groupId: string;
  value: string;
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLTextAreaElement>;
};

/**
 * A textarea that suggests group members while an @mention is written (spec §5): after a 300 ms pause,
 * up to 5 usernames containing the typed text, in a listbox under the field (the ARIA combobox pattern).
 * Arrow keys move, Enter or Tab picks (inserting `@username `), Escape closes, a click picks.
 */
export function MentionTextarea({
  groupId,
  value,
  onValueChange,
  ref,
  onKeyDown,
  onBlur,
  className = "",
  ...props
}: MentionTextareaProps) {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // The handle is read only once mounted, when the textarea exists.
  useImperativeHandle(ref, () => inputRef.current as HTMLTextAreaElement, []);
  const listId = useId();
  // Where the caret is while the field has focus; null when it has not.
  const [caret, setCaret] = useState<number | null>(null);
  const [found, setFound] = useState<{ key: string; members: MemberSuggestion[] } | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const pendingCaret = useRef<number | null>(null);

  const mention = caret === null ? null : mentionAt(value, Math.min(caret, value.length));
  const mentionKey = mention ? `${mention.start}:${mention.term}` : null;
  const members = found && mention && dismissed !== mentionKey ? found.members : [];
  const open = members.length > 0;
  const activeIndex = Math.min(active, members.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const term = mention?.term;
  useEffect(() => {
    if (term === undefined) {
      setFound(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      queryClient.fetchQuery(memberSearchQuery(groupId, term)).then(
        (list) => {
          if (!current) return;
          setFound({ key: term, members: list.slice(0, MENTION_SUGGESTIONS) });
          setActive(0);
        },
        // No suggestions is the honest answer when the search fails; the text itself is unaffected.
        () => current && setFound(null),
      );
    }, MENTION_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [groupId, term, queryClient]);

  // Escape closes the suggestions only: stop it here, before a dialog or reply box around us closes too.
  useEffect(() => {
    if (!open) return;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape" || event.target !== inputRef.current) return;
      event.stopPropagation();
      event.preventDefault();
      setDismissed(mentionKey);
    };
    window.addEventListener("keydown", onEscape, true);
    return () => window.removeEventListener("keydown", onEscape, true);
  }, [open, mentionKey]);

  // After a pick, put the caret just after the inserted name, once the new value is in the field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it must run after each new value renders
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !inputRef.current) return;
    pendingCaret.current = null;
    inputRef.current.setSelectionRange(at, at);
    setCaret(at);
  }, [value]);

  const track = (element: HTMLTextAreaElement) => setCaret(element.selectionStart);

  const pick = (member: MemberSuggestion) => {
    const element = inputRef.current;
    if (!mention || !element) return;
    let end = Math.max(element.selectionStart, mention.start + 1 + mention.term.length);
    while (end < value.length && /\w/.test(value[end] as string)) end += 1;
    const inserted = `@${member.username} `;
    pendingCaret.current = mention.start + inserted.length;
    setFound(null);
    onValueChange(value.slice(0, mention.start) + inserted + value.slice(end));
    element.focus();
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && !event.altKey && !event.ctrlKey && !event.metaKey) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((activeIndex + step + members.length) % members.length);
        return;
      }
      if ((event.key === "Enter" || event.key === "Tab") && !event.shiftKey) {
        event.preventDefault();
        pick(members[activeIndex] as MemberSuggestion);
        return;
      }
    }
    onKeyDown?.(event);
  };

  return (
    <div className="relative">
      <textarea
        {...props}
        ref={inputRef}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
          track(event.target);
        }}
        onSelect={(event) => track(event.currentTarget)}
        onFocus={(event) => track(event.currentTarget)}
        onBlur={(event) => {
          setCaret(null);
          onBlur?.(event);
        }}
        onKeyDown={keyDown}
        className={`block ${className}`}
      />
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label="Mention suggestions"
          className="absolute top-full left-0 z-50 mt-1 w-64 max-w-full overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {members.map((member, index) => (
            // Keyboard use goes through the textarea (aria-activedescendant); a click picks too.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's textarea handles the keys
            <div
              key={member.id}
              tabIndex={-1}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // Keep the focus (and the caret) in the textarea.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(member)}
              className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm text-slate-900 ${
                index === activeIndex ? "bg-indigo-100" : "hover:bg-slate-100"
              }`}
            >
              <Avatar url={member.avatarUrl} name={member.username} className="size-6 text-xs" />
              <span>@{member.username}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
