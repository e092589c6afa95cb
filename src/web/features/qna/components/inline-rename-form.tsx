import { Check, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { ErrorBox } from "../../../components/ui/error-box";

/**
 * Renames something in place: Enter or the confirm button saves, Escape or the cancel button gives up. A blank
 * name is refused (spec §5): the confirm button is disabled and Enter does nothing.
 */
export function InlineRenameForm({
  label,
  initialValue,
  maxLength,
  pending,
  error,
  onSave,
  onCancel,
}: {
  /** The visible label of the field, e.g. 'Folder name'. */
  label: string;
  initialValue: string;
  maxLength: number;
  pending: boolean;
  error: string | undefined;
  onSave: (value: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initialValue);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const blank = value.trim() === "";

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || pending) return;
    onSave(value.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Escape") return;
    // Escape belongs to this field, not to a dialog or menu around it.
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-1 rounded-lg bg-slate-50 p-2">
      <label htmlFor={inputId} className="text-xs font-semibold text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-1">
        <input
          ref={inputRef}
          id={inputId}
          value={value}
          maxLength={maxLength}
          autoComplete="off"
          aria-invalid={blank}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus:border-indigo-600"
        />
        <button
          type="submit"
          aria-label={`Save ${label.toLowerCase()}`}
          title="Save"
          disabled={blank || pending}
          className="rounded-md p-1.5 text-green-800 hover:bg-green-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
        >
          <Check aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          aria-label="Cancel renaming"
          title="Cancel"
          onClick={onCancel}
          className="rounded-md p-1.5 text-slate-700 hover:bg-slate-200"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <ErrorBox>{error}</ErrorBox>
    </form>
  );
}
