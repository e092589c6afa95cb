import { useState } from "react";
import {
  createFolderSchema,
  FOLDER_COLORS,
  FOLDER_NAME_MAX_LENGTH,
  type FolderColor,
} from "../../../../core/schemas/qna";
import { TextField } from "../../../components/ui/field";
import { FormDialog } from "../../../components/ui/form-dialog";
import { useCreateFolder } from "../api/create-folder";
import { FOLDER_COLOR_STYLES } from "./folder-color";

/** 'Create New Folder': a name, non-blank, and one of the five colours (blue unless another is chosen). */
export function CreateFolderDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [name, setName] = useState("");
  const [color, setColor] = useState<FolderColor>("blue");
  const create = useCreateFolder();

  const close = (next: boolean) => {
    if (!next) {
      setName("");
      setColor("blue");
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = () => {
    const parsed = createFolderSchema.safeParse({ name, color });
    if (!parsed.success) return;
    create.mutate(parsed.data, { onSuccess: () => close(false) });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Create New Folder"
      description="Folders keep your conversations tidy. Give this one a name and a colour."
      submitLabel="Create"
      busyLabel="Creating..."
      pending={create.isPending}
      error={create.error?.message}
      canSubmit={name.trim() !== ""}
      onSubmit={submit}
    >
      <TextField
        label="Folder name"
        value={name}
        maxLength={FOLDER_NAME_MAX_LENGTH}
        autoComplete="off"
        required
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Colour</legend>
        <div className="flex flex-wrap gap-2">
          {FOLDER_COLORS.map((option) => (
            <label
              key={option}
              className="flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm text-slate-800 has-checked:border-indigo-700 has-checked:bg-indigo-50 has-checked:font-semibold has-checked:text-indigo-900 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600"
            >
              <input
                type="radio"
                name="folder-color"
                value={option}
                checked={color === option}
                onChange={() => setColor(option)}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className={`size-4 rounded-full ring-1 ring-slate-900/20 ${FOLDER_COLOR_STYLES[option].swatch}`}
              />
              {FOLDER_COLOR_STYLES[option].label}
            </label>
          ))}
        </div>
      </fieldset>
    </FormDialog>
  );
}
