import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  ASSIGNMENT_LAYERS,
  ASSIGNMENT_MESSAGES,
  type Assignment,
} from "../../../../core/schemas/assignments";
import { SelectField, TextField } from "../../../components/ui/field";
import { FormDialog } from "../../../components/ui/form-dialog";
import { storiesQuery } from "../../stories";
import { useSetAssignment } from "../api/set-assignment";
import { todayAsDay } from "./assignment-dates";

const layerChoices: Record<number, string> = { 1: "Layer 1", 2: "Layers 1–2", 3: "Layers 1–3" };

/**
 * 'Set this week's story' (or 'Change', prefilled with the current one): a story from the catalogue, the layers to
 * read and an optional due date. The server checks the story and the date again and says why it refuses.
 */
export function SetAssignmentDialog({
  open,
  groupId,
  current,
  onOpenChange,
  onSet,
  onCloseAutoFocus,
}: {
  open: boolean;
  groupId: string;
  current: Assignment | null;
  onOpenChange: (open: boolean) => void;
  onSet: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  // The catalogue is read when the dialog opens, not with every visit of a leader to the group.
  const stories = useQuery({ ...storiesQuery, enabled: open });
  const setAssignment = useSetAssignment(groupId);
  const [storySlug, setStorySlug] = useState(current?.story.slug ?? "");
  const [layers, setLayers] = useState<number>(current?.layers ?? 1);
  const [dueDate, setDueDate] = useState(current?.dueDate ?? "");

  const submit = () =>
    setAssignment.mutate({ storySlug, layers, dueDate: dueDate || null }, { onSuccess: onSet });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={current ? "Change this week's story" : "Set this week's story"}
      description={ASSIGNMENT_MESSAGES.setDialogHint}
      submitLabel="Set story"
      busyLabel="Setting..."
      pending={setAssignment.isPending}
      error={stories.isError ? ASSIGNMENT_MESSAGES.storiesLoadFailed : setAssignment.error?.message}
      canSubmit={storySlug !== ""}
      onSubmit={submit}
    >
      <SelectField
        label="Story"
        value={storySlug}
        onChange={(event) => setStorySlug(event.target.value)}
        required
      >
        <option value="">{stories.isPending ? "Loading stories..." : "Choose a story"}</option>
        {stories.data?.map((story) => (
          <option key={story.slug} value={story.slug}>
            {story.title}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Layers to read"
        value={layers}
        onChange={(event) => setLayers(Number(event.target.value))}
      >
        {ASSIGNMENT_LAYERS.map((count) => (
          <option key={count} value={count}>
            {layerChoices[count]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Due date (optional)"
        type="date"
        value={dueDate}
        // The leader's today; the server holds the line at today in UTC and explains a refusal.
        min={todayAsDay()}
        onChange={(event) => setDueDate(event.target.value)}
      />
    </FormDialog>
  );
}
