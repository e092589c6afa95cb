import { RotateCcw, UsersRound } from "lucide-react";
import { useRef, useState } from "react";
import { FAMILY_MESSAGES } from "../../../../core/family";
import type { FamilyChild } from "../../../../core/schemas/family";
import { Button } from "../../../components/ui/button";
import { useFamily } from "../api/get-family";
import { type ChildAction, ChildCard } from "./child-card";
import { DeleteChildDialog } from "./delete-child-dialog";
import { InviteParentDialog } from "./invite-parent-dialog";
import { ResetChildPasswordDialog } from "./reset-child-password-dialog";

/** The cards' shapes while the family loads, so the page does not jump when they come. */
function FamilySkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <p role="status" className="sr-only">
        Loading your family
      </p>
      {[0, 1].map((key) => (
        <div
          key={key}
          aria-hidden="true"
          className="flex flex-col gap-4 rounded-2xl border border-slate-200 p-6"
        >
          <div className="flex items-center gap-4">
            <div className="size-16 animate-pulse rounded-full bg-slate-100" />
            <div className="h-6 w-40 animate-pulse rounded bg-slate-100" />
          </div>
          <div className="h-20 animate-pulse rounded-xl bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

/**
 * /family, 'Your family' (issue 24): a card per linked child with their progress and the parent's switches, and
 * the dialogs for what a parent can do for a child. The dialogs live here rather than in a card, so that one
 * which deletes a child outlives the card it was opened from.
 */
export default function FamilyPage() {
  const family = useFamily();
  const [open, setOpen] = useState<{ action: ChildAction; child: FamilyChild } | null>(null);
  // What each child's last dialog ended with, shown on their card.
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [deletedNote, setDeletedNote] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);

  const closeWith = (childId: string) => (note?: string) => {
    if (note) setNotes((current) => ({ ...current, [childId]: note }));
    setOpen(null);
  };

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <title>Your family · Lamplight</title>
      <div className="flex items-center gap-3">
        <UsersRound aria-hidden="true" className="size-8 shrink-0 text-indigo-700" />
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-extrabold text-slate-900 outline-none">
            Your family
          </h1>
          <p className="text-slate-700">How your children are doing, and what they can use.</p>
          <p role="status" className="font-semibold text-slate-900">
            {deletedNote}
          </p>
        </div>
      </div>

      {family.isPending ? (
        <FamilySkeleton />
      ) : family.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-slate-700">
          <p>{FAMILY_MESSAGES.familyLoadFailed}</p>
          <Button variant="secondary" onClick={() => family.refetch()} disabled={family.isFetching}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        </div>
      ) : family.data.children.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 p-10 text-center">
          <h2 className="text-xl font-bold text-slate-900">{FAMILY_MESSAGES.noChildren}</h2>
          <p className="max-w-prose text-slate-700">{FAMILY_MESSAGES.noChildrenHint}</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-6">
          {family.data.children.map((child) => (
            <li key={child.id}>
              <ChildCard
                child={child}
                note={notes[child.id] ?? null}
                onAction={(action) => setOpen({ action, child })}
              />
            </li>
          ))}
        </ul>
      )}

      {open?.action === "password" && (
        <ResetChildPasswordDialog child={open.child} onClose={closeWith(open.child.id)} />
      )}
      {open?.action === "invite" && (
        <InviteParentDialog child={open.child} onClose={closeWith(open.child.id)} />
      )}
      {open?.action === "delete" && (
        <DeleteChildDialog
          child={open.child}
          onClose={() => setOpen(null)}
          onDeleted={(note) => {
            deleted.current = true;
            setDeletedNote(note);
            setOpen(null);
          }}
          // The button that opened the dialog went with the card: the focus goes to the page's heading.
          onCloseAutoFocus={(event) => {
            if (!deleted.current) return;
            deleted.current = false;
            event.preventDefault();
            headingRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}
