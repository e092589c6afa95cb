import { KeyRound, LogOut, Pencil } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { AVATAR_MESSAGES, type Profile } from "../../../../core/schemas/profile";
import { Avatar } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { useSignOut } from "../../auth";
import { ChangePasswordDialog } from "./change-password-dialog";
import { EditProfileForm } from "./edit-profile-form";

/** Spec §2 /profile: avatar, username and bio, the pencil into edit mode, and the account buttons. */
export function ProfileCard({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const signOut = useSignOut();
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const cameBackFromEditing = useRef(false);

  // The form that had focus is gone after Save or Cancel; put the keyboard back on the pencil it came from.
  useEffect(() => {
    if (editing || !cameBackFromEditing.current) return;
    cameBackFromEditing.current = false;
    editButtonRef.current?.focus();
  }, [editing]);

  function leaveEditing() {
    cameBackFromEditing.current = true;
    setEditing(false);
  }

  return (
    <section
      aria-label="Your profile"
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      {editing ? (
        <EditProfileForm profile={profile} onDone={leaveEditing} />
      ) : (
        <div className="flex items-start gap-4 sm:gap-6">
          <Avatar
            url={profile.avatarUrl}
            name={profile.username}
            className="size-16 shrink-0 text-3xl sm:size-24 sm:text-4xl"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <h2 className="text-xl font-bold break-words text-slate-900 sm:text-2xl">
              {profile.username ?? "user"}
            </h2>
            {profile.bio ? (
              <p className="whitespace-pre-line break-words text-slate-800">{profile.bio}</p>
            ) : (
              <p className="text-slate-700 italic">No bio yet</p>
            )}
            {profile.avatarPending && (
              <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {AVATAR_MESSAGES.pendingForOwner}
              </p>
            )}
          </div>
          <button
            ref={editButtonRef}
            type="button"
            aria-label="Edit profile"
            onClick={() => setEditing(true)}
            className="shrink-0 rounded-lg p-2 text-indigo-700 hover:bg-indigo-50 hover:text-indigo-800"
          >
            <Pencil aria-hidden="true" className="size-5" />
          </button>
        </div>
      )}
      <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setPasswordOpen(true)}>
            <KeyRound aria-hidden="true" className="size-4" />
            Change Password
          </Button>
          {/* Once signed out, the session query empties and the router shows the landing page by itself. */}
          <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign Out
          </Button>
        </div>
        {signOut.isError && <ErrorBox>{signOut.error.message}</ErrorBox>}
      </div>
      <ChangePasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} />
    </section>
  );
}
