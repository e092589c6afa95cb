import { Check, ImagePlus } from "lucide-react";
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  BUILT_IN_AVATARS,
  type BuiltInAvatarId,
  builtInAvatarId,
  builtInAvatarUrl,
} from "../../../../core/avatars";
import { MESSAGES } from "../../../../core/messages";
import { isPrivileged } from "../../../../core/schemas/moderation";
import {
  AVATAR_MAX_BYTES,
  BIO_MAX_LENGTH,
  type Profile,
  type ProfileUpdate,
  profileUpdateSchema,
} from "../../../../core/schemas/profile";
import { Avatar } from "../../../components/ui/avatar";
import { Button, buttonClass } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { ApiError } from "../../../lib/api-client";
import { useFamilySwitch } from "../../family";
import { useChooseBuiltInAvatar } from "../api/choose-built-in-avatar";
import { useUpdateProfile } from "../api/update-profile";
import { useUploadAvatar } from "../api/upload-avatar";

/** Spec §5: a value that is blank once trimmed is sent as null. */
function normalise(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/**
 * Spec §4 Profile edit. Leaving (Save or Cancel) unmounts this form, which is what resets the fields to the
 * stored values and drops a chosen avatar the next time it opens.
 */
export function EditProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const updateProfile = useUpdateProfile();
  const uploadAvatar = useUploadAvatar();
  const chooseBuiltIn = useChooseBuiltInAvatar();
  // A child whose parent has not allowed photos keeps the built-in pictures, but is not offered an upload.
  const mediaAllowed = useFamilySwitch("media");
  const [username, setUsername] = useState(profile.username ?? "");
  const [bio, setBio] = useState(profile.bio ?? "");
  // Issue 18: a picture that ships with the app (no approval needed), or one's own upload; one or the other.
  const currentBuiltIn = profile.avatarUrl ? builtInAvatarId(profile.avatarUrl) : null;
  const [builtIn, setBuiltIn] = useState<BuiltInAvatarId | null>(currentBuiltIn);
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const bioCountId = useId();

  // Keyboard and screen-reader users land where the editing happens.
  useEffect(() => {
    const field = formRef.current?.elements.namedItem("username");
    if (field instanceof HTMLInputElement) field.focus();
  }, []);

  // An object URL holds the whole file in memory until revoked, so each one lives only as long as its file.
  useEffect(() => {
    if (!avatarFile) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(avatarFile);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [avatarFile]);

  function handleAvatarChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again after an error still counts as a change.
    event.target.value = "";
    if (!file) return;
    // Checked here as well as on the server so that a child on a slow connection is told before uploading.
    if (file.size > AVATAR_MAX_BYTES) {
      setAvatarFile(null);
      setError(MESSAGES.avatarTooLarge);
      return;
    }
    setError(null);
    setAvatarFile(file);
    setBuiltIn(null);
  }

  function handleBuiltInChange(id: BuiltInAvatarId) {
    setBuiltIn(id);
    setAvatarFile(null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;

    // Only what changed is sent, so an old username that predates today's rules does not block a bio edit.
    const changes: ProfileUpdate = {};
    if (normalise(username) !== profile.username) changes.username = normalise(username);
    if (normalise(bio) !== profile.bio) changes.bio = normalise(bio);
    const parsed = profileUpdateSchema.safeParse(changes);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.somethingWentWrong);
      return;
    }

    setError(null);
    setSaving(true);
    try {
      if (avatarFile) {
        await uploadAvatar.mutateAsync(avatarFile);
        // Stored now: a retry after a failed profile update must not upload it a second time.
        setAvatarFile(null);
      } else if (builtIn && builtIn !== currentBuiltIn) {
        await chooseBuiltIn.mutateAsync(builtIn);
      }
      if (Object.keys(parsed.data).length > 0) await updateProfile.mutateAsync(parsed.data);
      onDone();
    } catch (caught) {
      // The spec only logs this; children also need to be told what to fix, so the message is shown too.
      console.warn("Profile update failed", caught);
      setError(caught instanceof ApiError ? caught.message : MESSAGES.somethingWentWrong);
      setSaving(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
      <h2 className="text-xl font-bold text-slate-900">Edit Profile</h2>
      <div className="flex items-center gap-4">
        {previewUrl ? (
          <img
            src={previewUrl}
            alt="Your new avatar, not saved yet"
            className="size-24 rounded-full object-cover"
          />
        ) : (
          <Avatar
            url={builtIn ? builtInAvatarUrl(builtIn) : profile.avatarUrl}
            name={profile.username}
            className="size-24 text-4xl"
          />
        )}
      </div>
      <BuiltInPicker
        chosen={builtIn}
        current={currentBuiltIn}
        onChoose={handleBuiltInChange}
        disabled={saving}
      />
      {mediaAllowed && (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Or upload your own</h3>
          <div className="flex flex-col items-start gap-1">
            {/* The real file input stays focusable (sr-only, not display:none); the label is what is seen. */}
            <label
              className={buttonClass(
                "secondary",
                "cursor-pointer has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-amber-500 has-disabled:cursor-not-allowed",
              )}
            >
              <ImagePlus aria-hidden="true" className="size-4" />
              Choose avatar
              <input
                type="file"
                name="avatar"
                accept="image/*"
                className="sr-only"
                onChange={handleAvatarChange}
                disabled={saving}
              />
            </label>
            <p className="text-xs text-slate-700">
              {avatarFile ? avatarFile.name : "PNG, JPEG, WebP or GIF, up to 5 MB"}
            </p>
            {!isPrivileged(profile.role) && <p className="text-xs text-slate-700">{UPLOAD_WAITS_NOTE}</p>}
          </div>
        </div>
      )}
      <TextField
        label="Username"
        name="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        hint={MESSAGES.usernameFormat}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={20}
        disabled={saving}
      />
      <div className="flex flex-col gap-1">
        <TextAreaField
          label="Bio"
          name="bio"
          value={bio}
          onChange={(event) => setBio(event.target.value)}
          placeholder="Tell us about yourself..."
          maxLength={BIO_MAX_LENGTH}
          aria-describedby={bioCountId}
          disabled={saving}
        />
        <p id={bioCountId} className="self-end text-xs text-slate-700">
          {bio.length}/{BIO_MAX_LENGTH} characters
        </p>
      </div>
      <ErrorBox>{error}</ErrorBox>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}

/** Said under the upload for members: their own picture is looked at before anyone else sees it. */
export const UPLOAD_WAITS_NOTE = "A leader looks at your own picture before others can see it.";

/**
 * 'Choose a picture': the pictures that ship with the app, as a radio group (arrow keys move between them),
 * each named by its label. The one the profile shows now is marked.
 */
function BuiltInPicker({
  chosen,
  current,
  onChoose,
  disabled,
}: {
  chosen: BuiltInAvatarId | null;
  current: BuiltInAvatarId | null;
  onChoose: (id: BuiltInAvatarId) => void;
  disabled: boolean;
}) {
  const currentNoteId = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Choose a picture</legend>
      <p id={currentNoteId} className="sr-only">
        Your picture now
      </p>
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-8">
        {BUILT_IN_AVATARS.map((avatar) => (
          <label
            key={avatar.id}
            className={`relative flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 p-1.5 text-center text-xs text-slate-800 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-amber-500 has-disabled:cursor-not-allowed ${
              chosen === avatar.id ? "border-indigo-700 bg-indigo-50" : "border-transparent hover:bg-slate-50"
            }`}
          >
            <input
              type="radio"
              name="built-in-avatar"
              value={avatar.id}
              checked={chosen === avatar.id}
              onChange={() => onChoose(avatar.id)}
              aria-describedby={avatar.id === current ? currentNoteId : undefined}
              disabled={disabled}
              className="sr-only"
            />
            <img src={builtInAvatarUrl(avatar.id)} alt="" className="size-12 rounded-full" />
            <span className="leading-tight">{avatar.label}</span>
            {avatar.id === current && (
              <span
                aria-hidden="true"
                className="absolute top-0 right-0 inline-flex size-5 items-center justify-center rounded-full bg-indigo-700 text-white"
                title="Your picture now"
              >
                <Check className="size-3.5" />
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
