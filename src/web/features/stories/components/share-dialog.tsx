import { useInfiniteQuery } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { POST_CONTENT_MAX_LENGTH } from "../../../../core/schemas/feed";
import type { LayerNumber } from "../../../../core/stories/progress";
import { SHARE_MESSAGES, SHARE_NOTE_MAX_LENGTH } from "../../../../core/stories/share";
import { Button, buttonClass } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextAreaField } from "../../../components/ui/field";
import { LoadingText } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { groupsQuery } from "../../groups";
import { useDraftShare } from "../api/draft-share";
import { useShareStory } from "../api/share-story";

type Step = "input" | "edit" | "share" | "sent";

type ShareDialogProps = {
  slug: string;
  storyTitle: string;
  layer: LayerNumber;
  /** The checkbox to attach the layer's illustration is offered only when there is one. */
  hasIllustration: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The share dialog (spec §2, §4, §5): input (the reader's note) → edit (the draft) → share (a group) → sent,
 * with Back between the first three. The steps live only while the dialog is open, so closing it forgets
 * the note, the draft, the choices and any error.
 */
export function ShareDialog({ open, ...props }: ShareDialogProps) {
  return open ? <ShareSteps {...props} /> : null;
}

/** A heading that takes the focus when its step appears, because the button that held it has gone. */
const focusOnMount = (node: HTMLElement | null) => node?.focus();

function ShareSteps({
  slug,
  storyTitle,
  layer,
  hasIllustration,
  onOpenChange,
}: Omit<ShareDialogProps, "open">) {
  const [step, setStep] = useState<Step>("input");
  const [note, setNote] = useState("");
  const [text, setText] = useState("");
  const [attach, setAttach] = useState(true);
  const [groupId, setGroupId] = useState("");
  const draft = useDraftShare(slug);
  const share = useShareStory(slug);
  // Asked for as the dialog opens, so the list is usually there by the time the reader reaches it.
  const groups = useInfiniteQuery(groupsQuery("mine"));
  const groupList = groups.data?.pages.flatMap((page) => page.groups) ?? [];
  const busy = draft.isPending || share.isPending;
  // The draft being written, abandoned when the dialog closes (an AI can take many seconds to write it).
  const drafting = useRef<AbortController | null>(null);
  useEffect(() => () => drafting.current?.abort(), []);

  const close = (next: boolean) => {
    // Only sharing holds the dialog open, so the reader learns whether the post was made.
    if (!next && share.isPending) return;
    onOpenChange(next);
  };

  const createDraft = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim() || busy) return;
    const controller = new AbortController();
    drafting.current = controller;
    draft.mutate(
      { layer, note: note.trim(), signal: controller.signal },
      {
        onSuccess: (result) => {
          // A draft that arrives after its dialog closed changes nothing.
          if (controller.signal.aborted) return;
          setText(result.draft);
          setStep("edit");
        },
      },
    );
  };

  const continueToShare = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    share.reset();
    setStep("share");
  };

  const shareNow = (event: FormEvent) => {
    event.preventDefault();
    if (!groupId || !text.trim() || groupList.length === 0 || busy) return;
    share.mutate(
      { layer, groupId, text: text.trim(), attachIllustration: hasIllustration && attach },
      {
        onSuccess: () => setStep("sent"),
        // Words the server will not post (a phone number, unkind words): back to the text, to change them.
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) setStep("edit");
        },
      },
    );
  };

  const refusedText =
    share.error instanceof ApiError && share.error.status === 422 ? share.error.message : null;

  const sentTo = groupList.find((group) => group.id === share.data?.groupId);

  return (
    <Dialog
      open
      onOpenChange={close}
      title="Share Your Journey"
      description={`Tell your study group what you learned from ${storyTitle}.`}
    >
      {step === "input" && (
        <form onSubmit={createDraft} className="flex flex-col gap-4">
          <TextAreaField
            label="What did you learn?"
            placeholder="For example: God keeps his promises, just like he did for Noah."
            value={note}
            maxLength={SHARE_NOTE_MAX_LENGTH}
            rows={4}
            required
            // Radix would otherwise focus the dialog's close button; the note is what the reader came for.
            autoFocus
            onChange={(event) => setNote(event.target.value)}
          />
          <ErrorBox>{draft.error?.message}</ErrorBox>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!note.trim() || busy}>
              {draft.isPending ? "Creating draft..." : "Create Draft"}
            </Button>
          </div>
        </form>
      )}

      {step === "edit" && (
        <form onSubmit={continueToShare} className="flex flex-col gap-4">
          <TextAreaField
            label="Your post"
            value={text}
            maxLength={POST_CONTENT_MAX_LENGTH}
            rows={5}
            required
            autoFocus
            onChange={(event) => setText(event.target.value)}
          />
          <ErrorBox>{refusedText}</ErrorBox>
          {hasIllustration && (
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={attach}
                onChange={(event) => setAttach(event.target.checked)}
                className="size-4 accent-indigo-700"
              />
              Attach this layer's illustration
            </label>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setStep("input")}>
              Back
            </Button>
            <Button type="submit" disabled={!text.trim()}>
              Continue to Share
            </Button>
          </div>
        </form>
      )}

      {step === "share" && (
        <form onSubmit={shareNow} className="flex flex-col gap-4">
          <h3 ref={focusOnMount} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
            Where would you like to share it?
          </h3>
          {groups.isPending ? (
            <LoadingText>Loading your groups...</LoadingText>
          ) : groups.isError ? (
            <div className="flex flex-col items-start gap-2">
              <ErrorBox>We couldn't load your groups. Please try again.</ErrorBox>
              <Button variant="secondary" onClick={() => groups.refetch()}>
                Try again
              </Button>
            </div>
          ) : groupList.length === 0 ? (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
              {SHARE_MESSAGES.noGroups}{" "}
              <Link to={paths.groups} className="font-semibold underline">
                Find a study group
              </Link>
            </p>
          ) : (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-semibold text-slate-900">Study group</legend>
              {groupList.map((group) => (
                <label
                  key={group.id}
                  className={`flex cursor-pointer items-center gap-3 rounded-lg border-2 px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-700 ${
                    groupId === group.id ? "border-indigo-700 bg-indigo-50" : "border-slate-200"
                  }`}
                >
                  <input
                    type="radio"
                    name="share-group"
                    value={group.id}
                    checked={groupId === group.id}
                    onChange={() => setGroupId(group.id)}
                    className="size-4 accent-indigo-700"
                  />
                  <span className="min-w-0 font-semibold wrap-anywhere text-slate-900">{group.name}</span>
                  <span className="ml-auto text-xs text-slate-700">
                    {group.memberCount === 1 ? "1 member" : `${group.memberCount} members`}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          <ErrorBox>{share.error?.message}</ErrorBox>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setStep("edit")} disabled={busy}>
              Back
            </Button>
            <Button type="submit" disabled={!groupId || !text.trim() || groupList.length === 0 || busy}>
              {share.isPending ? "Sharing..." : "Share Now"}
            </Button>
          </div>
        </form>
      )}

      {step === "sent" && (
        <div className="flex flex-col items-center gap-4 text-center">
          <CircleCheck aria-hidden="true" className="size-12 text-emerald-700" />
          <h3
            ref={focusOnMount}
            tabIndex={-1}
            className="text-lg font-bold text-slate-900 focus:outline-none"
          >
            Shared!
          </h3>
          <p className="text-slate-800">{SHARE_MESSAGES.sent(sentTo?.name ?? "your group")}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Link to={paths.groupChat(share.data?.groupId ?? groupId)} className={buttonClass("primary")}>
              Open Group
            </Link>
            <Button variant="secondary" onClick={() => close(false)}>
              Close
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
