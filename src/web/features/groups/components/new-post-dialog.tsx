import { X } from "lucide-react";
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  FEED_MESSAGES,
  newPostSchema,
  POST_CONTENT_MAX_LENGTH,
  POST_IMAGE_MAX_BYTES,
  POST_TITLE_MAX_LENGTH,
  POST_VIDEO_MAX_BYTES,
} from "../../../../core/schemas/feed";
import { NeedsConnection } from "../../../components/needs-connection";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextField } from "../../../components/ui/field";
import { useOnline } from "../../../lib/use-online";
import { useFamilySwitch } from "../../family";
import { useCreatePost } from "../api/create-post";
import { MentionTextarea } from "./mention-textarea";

const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"];
const VIDEO_TYPES = ["video/mp4", "video/webm"];
export const POST_MEDIA_ACCEPT = [...IMAGE_TYPES, ...VIDEO_TYPES].join(",");

/** What is wrong with a chosen file, in the words the server would use; the server checks again. */
export function mediaProblem(file: File): string | null {
  if (IMAGE_TYPES.includes(file.type))
    return file.size > POST_IMAGE_MAX_BYTES ? FEED_MESSAGES.imageTooLarge : null;
  if (VIDEO_TYPES.includes(file.type))
    return file.size > POST_VIDEO_MAX_BYTES ? FEED_MESSAGES.videoTooLarge : null;
  return FEED_MESSAGES.mediaWrongType;
}

/** 'New Post': a title and content, both non-blank, and optionally one photo or video. */
export function NewPostDialog({
  groupId,
  open,
  onOpenChange,
}: {
  groupId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreatePost(groupId);
  // A child whose parent has not allowed photos and videos is not offered the picker the server would refuse.
  const mediaAllowed = useFamilySwitch("media");
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const contentId = useId();
  const fileInputId = useId();
  const fileErrorId = useId();

  const clearFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = "";
  };

  const close = (next: boolean) => {
    if (create.isPending) return;
    if (!next) {
      setTitle("");
      setContent("");
      setFile(null);
      setFileError(null);
      create.reset();
    }
    onOpenChange(next);
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? mediaProblem(chosen) : null;
    setFileError(problem);
    if (problem || !chosen) clearFile();
    else setFile(chosen);
  };

  const online = useOnline();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newPostSchema.safeParse({ title, content });
    if (!parsed.success || create.isPending || !navigator.onLine) return;
    create.mutate({ ...parsed.data, file }, { onSuccess: () => close(false) });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="New Post"
      description="Share a thought, a question or a prayer with your group."
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Title"
          value={title}
          maxLength={POST_TITLE_MAX_LENGTH}
          autoComplete="off"
          required
          onChange={(event) => setTitle(event.target.value)}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={contentId} className="text-sm font-medium text-slate-800">
            Content
          </label>
          <MentionTextarea
            id={contentId}
            groupId={groupId}
            value={content}
            rows={5}
            maxLength={POST_CONTENT_MAX_LENGTH}
            required
            onValueChange={setContent}
            className="min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-indigo-600"
          />
        </div>
        {mediaAllowed && (
          <div className="flex flex-col gap-1">
            <label htmlFor={fileInputId} className="text-sm font-medium text-slate-800">
              Photo or video (optional)
            </label>
            <input
              ref={fileInput}
              id={fileInputId}
              type="file"
              accept={POST_MEDIA_ACCEPT}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? fileErrorId : undefined}
              onChange={chooseFile}
              className="text-sm text-slate-800 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-slate-800 hover:file:bg-slate-50"
            />
            {fileError && (
              <p id={fileErrorId} role="alert" className="text-sm text-red-800">
                {fileError}
              </p>
            )}
            {file && (
              <MediaPreview
                file={file}
                onRemove={() => {
                  clearFile();
                  fileInput.current?.focus();
                }}
              />
            )}
          </div>
        )}
        <ErrorBox>{create.error?.message}</ErrorBox>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={create.isPending || !title.trim() || !content.trim() || !online}
            aria-describedby={online ? undefined : "post-offline"}
          >
            {create.isPending ? "Posting..." : "Post"}
          </Button>
        </div>
        {!online && <NeedsConnection id="post-offline" />}
      </form>
    </Dialog>
  );
}

function MediaPreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  return (
    <div className="relative mt-2 self-start">
      {url &&
        (file.type.startsWith("video/") ? (
          // biome-ignore lint/a11y/useMediaCaption: a preview of the reader's own clip, before it is shared
          <video src={url} controls aria-label={`Preview of ${file.name}`} className="max-h-48 rounded-lg" />
        ) : (
          <img src={url} alt={`Preview of ${file.name}`} className="max-h-48 rounded-lg object-contain" />
        ))}
      <button
        type="button"
        aria-label="Remove photo or video"
        onClick={onRemove}
        className="absolute top-1 right-1 rounded-full bg-slate-900/70 p-1 text-white hover:bg-slate-900"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
