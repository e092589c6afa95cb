import { Plus, UserPlus } from "lucide-react";
import { useState } from "react";
import { Lumi } from "../../../components/lumi";
import { Button } from "../../../components/ui/button";
import { LoadMoreButton } from "../../../components/ui/load-more-button";
import { LoadingText } from "../../../components/ui/spinner";
import { FamilySwitchGate } from "../../family";
import { type GroupScope, useGroups } from "../api/get-groups";
import { CreateGroupDialog } from "./create-group-dialog";
import { GroupCard } from "./group-card";
import { JoinGroupDialog } from "./join-group-dialog";

const SCOPES: { scope: GroupScope; label: string }[] = [
  { scope: "mine", label: "My Groups" },
  { scope: "all", label: "All Groups" },
];

/** /groups, unless a parent has switched study groups off: then their sentence, and no call for the groups. */
export default function GroupsPage() {
  return (
    <FamilySwitchGate switchKey="groups" title="Study Groups">
      <StudyGroups />
    </FamilySwitchGate>
  );
}

function StudyGroups() {
  const [scope, setScope] = useState<GroupScope>("mine");
  const [dialog, setDialog] = useState<"create" | "join" | null>(null);
  const groups = useGroups(scope);
  const list = groups.data?.pages.flatMap((page) => page.groups) ?? [];

  return (
    <div className="flex flex-col gap-6">
      <title>Study Groups · Lamplight</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold text-slate-900">Study Groups</h1>
          <p className="text-slate-700">
            Learn together: chat, share what you read and encourage each other.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setDialog("join")}>
            <UserPlus aria-hidden="true" className="size-4" />
            Join Study Group
          </Button>
          <Button onClick={() => setDialog("create")}>
            <Plus aria-hidden="true" className="size-4" />
            Create Study Group
          </Button>
        </div>
      </div>

      <fieldset className="flex w-fit rounded-xl border border-slate-300 bg-white p-1">
        <legend className="sr-only">Show</legend>
        {SCOPES.map((option) => (
          <button
            key={option.scope}
            type="button"
            aria-pressed={scope === option.scope}
            onClick={() => setScope(option.scope)}
            className={`rounded-lg px-4 py-1.5 text-sm font-semibold ${
              scope === option.scope ? "bg-indigo-700 text-white" : "text-slate-700 hover:bg-slate-100"
            }`}
          >
            {option.label}
          </button>
        ))}
      </fieldset>

      {groups.isPending ? (
        <LoadingText>Loading groups...</LoadingText>
      ) : groups.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-slate-700">
          <p>We couldn't load the groups. Please try again.</p>
          <Button variant="secondary" onClick={() => groups.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 p-10 text-center">
          <Lumi mood="happy" />
          <h2 className="text-xl font-bold text-slate-900">
            {scope === "mine" ? "You're not in a group yet" : "No groups yet"}
          </h2>
          <p className="text-slate-700">
            Create a study group, or join one with an invite code from a friend.
          </p>
        </div>
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((group) => (
              <li key={group.id}>
                <GroupCard group={group} />
              </li>
            ))}
          </ul>
          {groups.hasNextPage && (
            <LoadMoreButton loading={groups.isFetchingNextPage} onLoad={() => groups.fetchNextPage()}>
              Show more groups
            </LoadMoreButton>
          )}
        </>
      )}

      <CreateGroupDialog
        open={dialog === "create"}
        onOpenChange={(open) => setDialog(open ? "create" : null)}
      />
      <JoinGroupDialog open={dialog === "join"} onOpenChange={(open) => setDialog(open ? "join" : null)} />
    </div>
  );
}
