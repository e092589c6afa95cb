import { ImagePlus } from "lucide-react";
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { MESSAGES } from "../../../../core/messages";
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
  const [username, setUsername] = useState(profile.username ?? "");
  const [bio, setBio] = useState(profile.bio ?? "");
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
      <div className="flex flex-wrap items-center gap-4">
        {previewUrl ? (
          <img
            src={previewUrl}
            alt="Your new avatar, not saved yet"
            className="size-24 rounded-full object-cover"
          />
        ) : (
          <Avatar url={profile.avatarUrl} name={profile.username} className="size-24 text-4xl" />
        )}
        <div className="flex flex-col gap-1">
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
        </div>
      </div>
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
