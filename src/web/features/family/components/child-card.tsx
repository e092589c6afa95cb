import type { LucideIcon } from "lucide-react";
import {
  Award,
  BookOpen,
  Download,
  Flame,
  KeyRound,
  MessageCircleQuestionMark,
  Trash2,
  UserPlus,
  Users,
} from "lucide-react";
import { useId } from "react";
import { FAMILY_MESSAGES } from "../../../../core/family";
import type { FamilyChild } from "../../../../core/schemas/family";
import { Avatar } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { useDownloadChildData } from "../api/download-child-data";
import { FamilySwitches } from "./family-switches";

/** What a parent can do for a child from the card; the page opens the dialog for it. */
export type ChildAction = "password" | "delete" | "invite";

/** The achievements the app knows, drawn as the child's own profile draws them. */
const achievementIcons: Record<string, LucideIcon> = {
  first_story: BookOpen,
  question_master: MessageCircleQuestionMark,
  group_leader: Users,
  dedicated_reader: Flame,
};

// The app's words are English, so its dates are too: 'Nov 21, 2026'.
const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** "Today", "Yesterday" or the date, for a YYYY-MM-DD day counted in the child's own calendar. */
export function formatLastActiveDay(day: string | null, today = new Date()): string {
  if (!day) return FAMILY_MESSAGES.lastActiveNever;
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  // Built from its parts, as a local date: new Date("2026-11-21") would be midnight UTC, the day before in America.
  const active = new Date(year, month - 1, date);
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const daysAgo = Math.round((startOfToday.getTime() - active.getTime()) / 86_400_000);
  if (daysAgo === 0) return "Today";
  if (daysAgo === 1) return "Yesterday";
  return dayFormat.format(active);
}

/** An achievement this page does not know yet still gets a badge. */
function AchievementIcon({ id }: { id: string }) {
  const Icon = achievementIcons[id] ?? Award;
  return <Icon aria-hidden="true" className="size-4" />;
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-xs font-medium text-slate-700">{label}</dt>
      <dd className="text-lg font-bold text-slate-900">{value}</dd>
    </div>
  );
}

/** One child on 'Your family': how they are doing, what they may use, and what the parent can do for them. */
export function ChildCard({
  child,
  note,
  onAction,
}: {
  child: FamilyChild;
  /** What the last dialog for this child ended with ('We sent an invitation to …'). */
  note: string | null;
  onAction: (action: ChildAction) => void;
}) {
  const headingId = useId();
  const download = useDownloadChildData(child.id);

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <header className="flex items-center gap-4">
        <Avatar url={child.avatarUrl} name={child.username} className="size-16 shrink-0 text-2xl" />
        <div>
          <h2 id={headingId} className="text-2xl font-bold text-slate-900">
            {child.username}
          </h2>
          <p className="text-slate-700">Age {child.ageBand}</p>
        </div>
      </header>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat label="Level" value={child.level} />
        {/* Written out as the header writes a reader's own ("120 XP"), so a parent reads the same figure. */}
        <Stat label="XP" value={`${child.xp} XP`} />
        <Stat label="Layers read" value={child.layersRead} />
        <Stat label="Stories completed" value={child.storiesCompleted} />
        <Stat label="Last active" value={formatLastActiveDay(child.lastActiveDay)} />
      </dl>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <h3 className="font-bold text-slate-900">Achievements</h3>
          {child.achievements.length === 0 ? (
            <p className="text-sm text-slate-700">None yet</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {child.achievements.map((achievement) => (
                <li
                  key={achievement.id}
                  className="flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900"
                >
                  <AchievementIcon id={achievement.id} />
                  {achievement.name}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="font-bold text-slate-900">Groups</h3>
          {child.groups.length === 0 ? (
            <p className="text-sm text-slate-700">Not in a group yet</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm text-slate-800">
              {child.groups.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          )}
        </div>
      </div>

      {child.permissions ? (
        <FamilySwitches childId={child.id} username={child.username} permissions={child.permissions} />
      ) : (
        <p className="rounded-xl bg-indigo-50 p-3 text-sm text-indigo-950">
          {FAMILY_MESSAGES.teenNoSwitches}
        </p>
      )}

      <div className="flex flex-col gap-2">
        <h3 className="font-bold text-slate-900">Parents and guardians</h3>
        <ul className="flex flex-col gap-1 text-sm text-slate-800">
          {child.parents.map((email) => (
            <li key={email} className="break-all">
              {email}
            </li>
          ))}
        </ul>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => onAction("password")}>
          <KeyRound aria-hidden="true" className="size-4" />
          Reset password
        </Button>
        <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending}>
          <Download aria-hidden="true" className="size-4" />
          {download.isPending ? "Preparing their data..." : "Download my child's data"}
        </Button>
        <Button variant="secondary" onClick={() => onAction("invite")}>
          <UserPlus aria-hidden="true" className="size-4" />
          Add a parent or guardian
        </Button>
        <Button variant="danger" onClick={() => onAction("delete")}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete my child's account
        </Button>
      </div>
      {download.isError && <ErrorBox>{download.error.message}</ErrorBox>}
      {/* Always present, so that a screen reader announces what appears in them. */}
      <div className="flex flex-col gap-1 text-sm text-slate-800">
        <p role="status">
          {download.isSuccess ? FAMILY_MESSAGES.childDataSaved(download.data.fileName) : ""}
        </p>
        <p role="status">{note ?? ""}</p>
      </div>
    </article>
  );
}
