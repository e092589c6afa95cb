import type { LucideIcon } from "lucide-react";
import { Switch } from "../../../components/ui/switch";

type MailSettingWords = { toggleLabel: string; toggleHelp: string; saveFailed: string; saved: string };

/**
 * One of a leader's mail settings on the profile (report mails, the weekly summary): a heading, a switch that saves
 * at once, and what came of the save. `id` is where the mail's unsubscribe link lands (#id).
 */
export function MailSetting({
  id,
  heading,
  icon: Icon,
  words,
  on,
  save,
}: {
  id: string;
  heading: string;
  icon: LucideIcon;
  words: MailSettingWords;
  on: boolean;
  save: { mutate: (on: boolean) => void; isError: boolean; isSuccess: boolean };
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="flex scroll-mt-24 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        {heading}
      </h2>
      <div className="flex items-center justify-between gap-4">
        <div className="flex flex-col gap-1">
          <span id={`${id}-label`} className="flex items-center gap-2 font-semibold text-slate-900">
            <Icon aria-hidden="true" className="size-5 text-indigo-800" />
            {words.toggleLabel}
          </span>
          <p id={`${id}-description`} className="text-sm text-slate-700">
            {words.toggleHelp}
          </p>
        </div>
        <Switch
          on={on}
          onToggle={() => save.mutate(!on)}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-description`}
        />
      </div>
      {save.isError ? (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {words.saveFailed}
        </p>
      ) : save.isSuccess ? (
        <p role="status" className="text-sm font-semibold text-green-800">
          {words.saved}
        </p>
      ) : null}
    </section>
  );
}
