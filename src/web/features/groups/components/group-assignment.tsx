import { useId, useRef, useState } from "react";
import { ASSIGNMENT_MESSAGES } from "../../../../core/schemas/assignments";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useClearAssignment } from "../api/clear-assignment";
import { useAssignment } from "../api/get-assignment";
import { AssignmentCard, THIS_WEEKS_STORY } from "./assignment-card";
import { SetAssignmentDialog } from "./set-assignment-dialog";

type OpenDialog = "set" | "clear" | null;

/**
 * The top of the group page: this week's story for every member, and for its owner and leaders (`canLead`) the
 * buttons to set, change or clear it. Members see nothing while none is set.
 */
export function GroupAssignment({ groupId, canLead }: { groupId: string; canLead: boolean }) {
  const assignment = useAssignment(groupId);
  const clear = useClearAssignment(groupId);
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  // A fresh form at each opening, prefilled with the story as it is then.
  const [setDialogKey, setSetDialogKey] = useState(0);
  const [notice, setNotice] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const emptyHeadingId = useId();
  // Setting the first story or clearing one swaps the buttons: the one that opened the dialog is gone.
  const openerWillGo = useRef(false);

  const openSetDialog = () => {
    setSetDialogKey((key) => key + 1);
    setOpenDialog("set");
  };
  const closeDialog = () => {
    clear.reset();
    setOpenDialog(null);
  };
  const focusHeadingIfOpenerWent = (event: Event) => {
    if (!openerWillGo.current) return;
    openerWillGo.current = false;
    event.preventDefault();
    headingRef.current?.focus();
  };
  const done = (message: string, swapsButtons: boolean) => {
    openerWillGo.current = swapsButtons;
    setNotice(message);
    setOpenDialog(null);
  };

  if (assignment.isPending) return null;
  if (assignment.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-slate-700">
        <p>{ASSIGNMENT_MESSAGES.loadFailed}</p>
        <Button variant="secondary" onClick={() => assignment.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const current = assignment.data.assignment;
  const status = (
    <p role="status" className="sr-only">
      {notice}
    </p>
  );
  if (!current && !canLead) return status;

  return (
    <>
      {current ? (
        <AssignmentCard
          assignment={current}
          headingRef={headingRef}
          actions={
            canLead && (
              <>
                <Button variant="secondary" onClick={openSetDialog}>
                  Change
                </Button>
                <Button variant="secondary" onClick={() => setOpenDialog("clear")}>
                  Clear
                </Button>
              </>
            )
          }
        />
      ) : (
        <section
          aria-labelledby={emptyHeadingId}
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-5"
        >
          <div>
            <h2
              id={emptyHeadingId}
              ref={headingRef}
              tabIndex={-1}
              className="text-sm font-bold text-indigo-900 uppercase"
            >
              {THIS_WEEKS_STORY}
            </h2>
            <p className="text-slate-700">{ASSIGNMENT_MESSAGES.noStoryForLeaders}</p>
          </div>
          <Button onClick={openSetDialog}>Set this week's story</Button>
        </section>
      )}
      {status}
      {/* Both stay mounted while closing, so that Radix hands the focus back when they close. */}
      {canLead && (
        <>
          <SetAssignmentDialog
            key={setDialogKey}
            open={openDialog === "set"}
            groupId={groupId}
            current={current}
            onOpenChange={(open) => !open && closeDialog()}
            onSet={() => done(ASSIGNMENT_MESSAGES.set, current === null)}
            onCloseAutoFocus={focusHeadingIfOpenerWent}
          />
          <ConfirmDialog
            open={openDialog === "clear"}
            onOpenChange={(open) => !open && closeDialog()}
            onCloseAutoFocus={focusHeadingIfOpenerWent}
            title="Clear this week's story?"
            description={ASSIGNMENT_MESSAGES.clearConfirm}
            confirmLabel="Clear"
            busyLabel="Clearing..."
            pending={clear.isPending}
            error={clear.error?.message}
            onConfirm={() =>
              clear.mutate(undefined, { onSuccess: () => done(ASSIGNMENT_MESSAGES.cleared, true) })
            }
          />
        </>
      )}
    </>
  );
}
