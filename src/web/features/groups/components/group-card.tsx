import { Check, Copy, MessageCircle, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "../../../components/ui/button";
import { paths } from "../../../lib/paths";
import type { GroupListItem } from "../api/get-groups";

/** Spec §9: the copied state lasts 2 seconds. */
export const COPIED_FOR_MS = 2000;

function CopyCodeButton({ code, groupName }: { code: string; groupName: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch (error) {
      // Spec §8: a failed copy is only logged; the code stays on screen to copy by hand.
      console.warn("Could not copy the invite code", error);
    }
  };

  return (
    <button
      type="button"
      onClick={copy}
      aria-label={copied ? "Invite code copied" : `Copy invite code of ${groupName}`}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-indigo-800 hover:bg-indigo-50"
    >
      {copied ? (
        <Check aria-hidden="true" className="size-4" />
      ) : (
        <Copy aria-hidden="true" className="size-4" />
      )}
      {copied ? "Copied!" : "Copy"}
      <span role="status" className="sr-only">
        {copied ? "Invite code copied" : ""}
      </span>
    </button>
  );
}

export function GroupCard({ group }: { group: GroupListItem }) {
  const member = group.role !== null;
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        {/* Straight under the page's h1 ('Study Groups'): an h2, so that no heading level is skipped. */}
        <h2 className="text-lg font-bold wrap-anywhere text-slate-900">{group.name}</h2>
        {group.role === "owner" && (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
            Owner
          </span>
        )}
      </div>
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Users aria-hidden="true" className="size-4" />
        {group.memberCount} {group.memberCount === 1 ? "member" : "members"}
      </p>
      {member && group.inviteCode ? (
        <div className="flex items-center justify-between rounded-lg bg-slate-100 px-3 py-2">
          <span className="text-sm text-slate-700">
            Invite code{" "}
            <span className="font-mono text-base font-bold tracking-widest text-slate-900">
              {group.inviteCode}
            </span>
          </span>
          <CopyCodeButton code={group.inviteCode} groupName={group.name} />
        </div>
      ) : (
        <p className="text-sm text-slate-700">Ask a member for the invite code to join.</p>
      )}
      <div className="mt-auto">
        {member && (
          <Link
            to={paths.groupChat(group.id)}
            aria-label={`Open Chat: ${group.name}`}
            className={buttonClass("primary", "w-full")}
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            Open Chat
          </Link>
        )}
      </div>
    </article>
  );
}
