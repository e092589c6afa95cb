import { Tabs } from "radix-ui";
import { Navigate } from "react-router";
import { CARE_MAIL_MESSAGES, isPrivileged } from "../../../../core/schemas/moderation";
import { ErrorBox } from "../../../components/ui/error-box";
import { LoadingText } from "../../../components/ui/spinner";
import { paths } from "../../../lib/paths";
import { useProfile } from "../../profile";
import { AiFlags } from "./ai-flags";
import { AuditLog } from "./audit-log";
import { CareMails } from "./care-mails";
import { LeaderQuestions } from "./leader-questions";
import { MutedMembers } from "./muted-members";
import { PendingAvatars } from "./pending-avatars";
import { PendingMedia } from "./pending-media";
import { ReviewQueue } from "./review-queue";

const tabClass =
  "rounded-t-lg border-b-2 px-4 py-2 text-sm font-semibold text-slate-700 hover:text-slate-900 data-[state=active]:border-indigo-700 data-[state=active]:text-indigo-900 data-[state=inactive]:border-transparent";

/**
 * /leader: what waits for a leader (reports, photos and videos and profile pictures, what the AI helper raised,
 * children's questions sent with 'Ask a leader'), who is muted now and, for admins, the audit log and who gets care
 * alerts by email. Members are sent
 * home; the server refuses them too, and a refusal sends them home as well.
 */
export default function LeaderPage() {
  const profile = useProfile();

  if (profile.isPending) return <LoadingText>Loading...</LoadingText>;
  if (profile.isError) return <ErrorBox>{profile.error.message}</ErrorBox>;
  if (!isPrivileged(profile.data.role)) return <Navigate to={paths.home} replace />;

  return (
    <div className="flex flex-col gap-6">
      <title>Leader review · Lamplight</title>
      <h1 className="text-3xl font-extrabold text-slate-900">Leader review</h1>
      <Tabs.Root defaultValue="queue" className="flex flex-col gap-4">
        <Tabs.List aria-label="Leader review" className="flex flex-wrap gap-2 border-b border-slate-200">
          <Tabs.Trigger value="queue" className={tabClass}>
            Reports
          </Tabs.Trigger>
          <Tabs.Trigger value="media" className={tabClass}>
            Photos and videos
          </Tabs.Trigger>
          <Tabs.Trigger value="ai" className={tabClass}>
            AI helper
          </Tabs.Trigger>
          <Tabs.Trigger value="questions" className={tabClass}>
            Questions
          </Tabs.Trigger>
          {profile.data.role === "admin" && (
            <>
              <Tabs.Trigger value="audit" className={tabClass}>
                Audit log
              </Tabs.Trigger>
              <Tabs.Trigger value="care-mails" className={tabClass}>
                {CARE_MAIL_MESSAGES.tab}
              </Tabs.Trigger>
            </>
          )}
          <Tabs.Trigger value="mutes" className={tabClass}>
            Muted
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="queue">
          <ReviewQueue />
        </Tabs.Content>
        <Tabs.Content value="media" className="flex flex-col gap-10">
          <PendingMedia />
          <PendingAvatars />
        </Tabs.Content>
        <Tabs.Content value="ai">
          <AiFlags />
        </Tabs.Content>
        <Tabs.Content value="questions">
          <LeaderQuestions />
        </Tabs.Content>
        {profile.data.role === "admin" && (
          <>
            <Tabs.Content value="audit">
              <AuditLog />
            </Tabs.Content>
            <Tabs.Content value="care-mails">
              <CareMails />
            </Tabs.Content>
          </>
        )}
        <Tabs.Content value="mutes">
          <MutedMembers />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
