import { useQueryClient } from "@tanstack/react-query";
import { Flag, ShieldCheck, Trash2 } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { isBuiltInAvatarUrl } from "../../../../core/avatars";
import {
  ACTION_REASON_MAX_LENGTH,
  isPrivileged,
  removeAvatarSchema,
} from "../../../../core/schemas/moderation";
import type { MemberProfile } from "../../../../core/schemas/profile";
import { Avatar } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextAreaField } from "../../../components/ui/field";
import { LoadingText } from "../../../components/ui/spinner";
import { ReportDialog, useRemoveAvatar } from "../../moderation";
import { memberProfilesKey, useMemberProfile } from "../api/get-member-profile";
import { useProfile } from "../api/get-profile";

export const PICTURE_REMOVED = "The picture was removed. Everyone sees their first letter now.";

/** A picture someone uploaded, as opposed to one that ships with the app (or none): only these are reported. */
const isUploaded = (url: string | null): url is string => url !== null && !isBuiltInAvatarUrl(url);

/**
 * A member's name and picture as a button that opens their card (issue 18): picture, username, level and bio,
 * as seen from a group both belong to. On someone else's uploaded picture the card offers 'Report picture';
 * a leader or an admin can also remove it.
 */
export function MemberProfileButton({
  groupId,
  member,
  currentUserId,
  className = "",
  children,
}: {
  groupId: string;
  member: { id: string; username: string | null };
  currentUserId: string;
  className?: string;
  /** What the button shows: the member's avatar and name as the place already shows them. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const name = member.username ?? "Someone";
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={`${name}'s profile`}
        onClick={() => setOpen(true)}
        className={`rounded-lg text-left hover:bg-slate-50 ${className}`}
      >
        {children}
      </button>
      {open && (
        <MemberProfileDialog
          groupId={groupId}
          userId={member.id}
          name={name}
          mine={member.id === currentUserId}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function MemberProfileDialog({
  groupId,
  userId,
  name,
  mine,
  onClose,
}: {
  groupId: string;
  userId: string;
  name: string;
  mine: boolean;
  onClose: () => void;
}) {
  const card = useMemberProfile(groupId, userId);
  const viewer = useProfile();
  const [reporting, setReporting] = useState(false);
  // The picture being removed, as the leader saw it: the form stays, with the server's answer, whatever the
  // card shows after it is read again.
  const [removing, setRemoving] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);
  const member = card.data;
  const picture = member && isUploaded(member.avatarUrl) ? member.avatarUrl : null;
  const leader = isPrivileged(viewer.data?.role);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={member?.username ?? name}>
      {card.isPending ? (
        <LoadingText>Loading profile...</LoadingText>
      ) : card.isError ? (
        <ErrorBox>{card.error.message}</ErrorBox>
      ) : (
        <div className="flex flex-col gap-4">
          <MemberSummary member={card.data} />
          {removed && (
            <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
              {PICTURE_REMOVED}
            </p>
          )}
          {picture && !mine && !removing && (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setReporting(true)}>
                <Flag aria-hidden="true" className="size-4" />
                Report picture
              </Button>
              {leader && (
                <Button variant="danger" onClick={() => setRemoving(picture)}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  Remove picture
                </Button>
              )}
            </div>
          )}
          {removing && (
            <RemovePictureForm
              userId={userId}
              pictureUrl={removing}
              onCancel={() => setRemoving(null)}
              onRemoved={() => {
                setRemoving(null);
                setRemoved(true);
              }}
            />
          )}
        </div>
      )}
      <ReportDialog
        targetType="avatar"
        targetId={userId}
        groupId={groupId}
        open={reporting}
        onOpenChange={setReporting}
      />
    </Dialog>
  );
}

function MemberSummary({ member }: { member: MemberProfile }) {
  const name = member.username ?? "Someone";
  return (
    <div className="flex items-start gap-4">
      {member.avatarUrl ? (
        <img
          src={member.avatarUrl}
          alt={`${name}'s avatar`}
          className="size-24 shrink-0 rounded-full bg-slate-100 object-cover"
        />
      ) : (
        <Avatar url={null} name={member.username} className="size-24 shrink-0 text-4xl" />
      )}
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold text-indigo-800">{`Level ${member.level}`}</p>
        {member.parentAgreed && (
          // Leaders only: the consent a child under 13 needs, or a teen's linked parent.
          <p className="flex items-center gap-1 text-sm font-medium text-green-800">
            <ShieldCheck aria-hidden="true" className="size-4" />
            Parent agreed
          </p>
        )}
        {member.bio ? (
          <p className="whitespace-pre-line break-words text-slate-800">{member.bio}</p>
        ) : (
          <p className="text-slate-700 italic">No bio yet</p>
        )}
      </div>
    </div>
  );
}

/** A leader's removal of the picture: why is asked, for the audit log, as for every other removal. */
function RemovePictureForm({
  userId,
  pictureUrl,
  onCancel,
  onRemoved,
}: {
  userId: string;
  pictureUrl: string;
  onCancel: () => void;
  onRemoved: () => void;
}) {
  const queryClient = useQueryClient();
  // Every card showing the member is read again, so none keeps the removed picture.
  const remove = useRemoveAvatar({
    onSettled: () => void queryClient.invalidateQueries({ queryKey: memberProfilesKey }),
  });
  const [reason, setReason] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = removeAvatarSchema.safeParse({ pictureUrl, reason });
    if (!parsed.success || remove.isPending) return;
    remove.mutate({ userId, ...parsed.data }, { onSuccess: onRemoved });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 border-t border-slate-200 pt-4">
      <p className="text-sm text-slate-800">
        The picture will be gone for everyone, and its owner is told. Others see their first letter instead.
      </p>
      <TextAreaField
        label="Why? (kept in the audit log)"
        value={reason}
        rows={3}
        maxLength={ACTION_REASON_MAX_LENGTH}
        required
        autoFocus
        onChange={(event) => setReason(event.target.value)}
      />
      <ErrorBox>{remove.error?.message}</ErrorBox>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={!reason.trim() || remove.isPending}>
          {remove.isPending ? "Removing..." : "Remove picture"}
        </Button>
      </div>
    </form>
  );
}
