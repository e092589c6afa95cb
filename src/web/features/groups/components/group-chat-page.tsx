import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { Link, Navigate, useParams } from "react-router";
import { parseEventData } from "../../../../core/events";
import { canLeadAssignments } from "../../../../core/schemas/assignments";
import { canPinPosts, canRenewInviteCode } from "../../../../core/schemas/groups";
import { buttonClass } from "../../../components/ui/button";
import { LoadingText } from "../../../components/ui/spinner";
import { paths } from "../../../lib/paths";
import { useRealtimeEvent } from "../../../lib/realtime";
import { FamilySwitchGate } from "../../family";
import { useProfile } from "../../profile";
import {
  applyCommentCreated,
  applyPostCreated,
  applyPostDeleted,
  applyPostUpdated,
} from "../api/feed-events";
import { useGroup } from "../api/get-group";
import { addMessage } from "../api/get-messages";
import { ChatPanel } from "./chat-panel";
import { Feed } from "./feed";
import { GroupAssignment } from "./group-assignment";
import { GroupProgress } from "./group-progress";
import { GroupSettings } from "./group-settings";
import { GroupTabs } from "./group-tabs";
import { LeaveGroupButton } from "./leave-group-button";
import { NewInviteCodeButton } from "./new-invite-code-button";

/** A group's page, unless a parent has switched study groups off: then their sentence, and nothing loads. */
export default function GroupChatPage() {
  return (
    <FamilySwitchGate switchKey="groups" title="Study Groups">
      <GroupChat />
    </FamilySwitchGate>
  );
}

function GroupChat() {
  const { groupId = "" } = useParams();
  const group = useGroup(groupId);
  const profile = useProfile();
  const queryClient = useQueryClient();

  useRealtimeEvent("group_message", (_data, event) => {
    const message = parseEventData("group_message", event);
    if (message?.groupId === groupId) addMessage(queryClient, groupId, message);
  });
  useRealtimeEvent("post_created", (_data, event) => applyPostCreated(queryClient, groupId, event));
  useRealtimeEvent("post_updated", (_data, event) => applyPostUpdated(queryClient, groupId, event));
  useRealtimeEvent("post_deleted", (_data, event) => applyPostDeleted(queryClient, groupId, event));
  useRealtimeEvent("comment_created", (_data, event) => applyCommentCreated(queryClient, groupId, event));

  useEffect(() => {
    if (group.isError) console.warn("Could not open the group", group.error);
  }, [group.isError, group.error]);

  // Spec §2: a group that fails to load (not a member, gone) sends the reader back to /groups.
  if (group.isError) return <Navigate to={paths.groups} replace />;
  if (group.isPending || profile.isPending) return <LoadingText>Loading group...</LoadingText>;

  // The server checks again; this only offers what it will answer.
  const canLead = canLeadAssignments(group.data.role, profile.data?.role);
  const chatAndFeed = (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <Feed
        groupId={group.data.id}
        currentUserId={profile.data?.id ?? ""}
        canPin={canPinPosts(group.data.role, profile.data?.role)}
      />
      <div className="lg:sticky lg:top-4">
        <ChatPanel groupId={group.data.id} currentUserId={profile.data?.id ?? ""} />
      </div>
    </div>
  );

  return (
    <div className="flex flex-col gap-6">
      <title>{`${group.data.name} · Lamplight`}</title>
      <Link to={paths.groups} className={buttonClass("ghost", "self-start px-2")}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Groups
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          {/* A name may be one long word: it wraps anywhere rather than push the page sideways on a phone. */}
          <h1 className="text-3xl font-extrabold wrap-anywhere text-slate-900">{group.data.name}</h1>
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-slate-700">
              Invite code <span className="font-mono font-bold tracking-widest">{group.data.inviteCode}</span>
            </p>
            {/* The server checks again; this only offers the button to those it will answer. */}
            {canRenewInviteCode(group.data.role, profile.data?.role) && (
              <NewInviteCodeButton groupId={group.data.id} inviteCode={group.data.inviteCode} />
            )}
          </div>
          <div className="mt-3">
            <GroupSettings
              groupId={group.data.id}
              approveMediaFirst={group.data.approveMediaFirst}
              canChange={group.data.canManage}
            />
          </div>
        </div>
        <LeaveGroupButton groupId={group.data.id} groupName={group.data.name} />
      </div>
      <GroupAssignment groupId={group.data.id} canLead={canLead} />
      {canLead ? (
        <GroupTabs chatAndFeed={chatAndFeed} progress={<GroupProgress groupId={group.data.id} />} />
      ) : (
        chatAndFeed
      )}
    </div>
  );
}
