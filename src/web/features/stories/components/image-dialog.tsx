import { useState } from "react";
import { STORY_MESSAGES } from "../../../../core/stories/generation-events";
import {
  ADDITIONAL_DIRECTION_MAX_LENGTH,
  IMAGE_STYLES,
  type ImageStyleId,
} from "../../../../core/stories/image-styles";
import type { LayerNumber } from "../../../../core/stories/progress";
import { TextAreaField } from "../../../components/ui/field";
import { FormDialog } from "../../../components/ui/form-dialog";
import { failureMessage } from "../../../lib/api-client";
import { useCreateIllustration } from "../api/create-illustration";

/** The image dialog (spec §2): a style, optional extra direction, and the error in a red box. */
export function ImageDialog({
  slug,
  layer,
  open,
  onOpenChange,
}: {
  slug: string;
  layer: LayerNumber;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [style, setStyle] = useState<ImageStyleId>(IMAGE_STYLES[0].id);
  const [direction, setDirection] = useState("");
  const create = useCreateIllustration(slug, layer);

  const close = (next: boolean) => {
    if (!next) {
      create.reset();
      setDirection("");
    }
    onOpenChange(next);
  };

  const submit = () =>
    create.mutate({ style, direction: direction.trim() || undefined }, { onSuccess: () => close(false) });

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Create Image for This Story"
      description="Choose an art style. You can add your own ideas for the picture too."
      submitLabel="Create Image"
      busyLabel="Creating image..."
      pending={create.isPending}
      // Spec §8: the drawing's own error in the red box, or 'Failed to generate image'.
      error={create.error ? failureMessage(create.error, STORY_MESSAGES.imageFailed) : undefined}
      onSubmit={submit}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-900">Art style</legend>
        <div className="grid grid-cols-2 gap-2">
          {IMAGE_STYLES.map((option) => (
            <label
              key={option.id}
              className={`flex cursor-pointer flex-col rounded-lg border-2 p-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-700 ${
                style === option.id ? "border-indigo-700 bg-indigo-50" : "border-slate-200"
              }`}
            >
              <input
                type="radio"
                name="style"
                value={option.id}
                checked={style === option.id}
                onChange={() => setStyle(option.id)}
                className="sr-only"
              />
              <span className="font-semibold text-slate-900">{option.name}</span>
              <span className="text-xs text-slate-700">{option.description}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField
        label="Additional direction (optional)"
        placeholder="For example: show the sunrise over the hills"
        value={direction}
        maxLength={ADDITIONAL_DIRECTION_MAX_LENGTH}
        rows={3}
        onChange={(event) => setDirection(event.target.value)}
      />
    </FormDialog>
  );
}
