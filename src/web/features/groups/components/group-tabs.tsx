import { Tabs } from "radix-ui";
import type { ReactNode } from "react";

const tabClass =
  "rounded-t-lg border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-700 hover:text-slate-900 data-[state=active]:border-indigo-700 data-[state=active]:text-indigo-900";

/**
 * 'Chat & feed' and 'Progress' for the group's owner and leaders (Radix tabs: the arrow keys, Home and End move
 * between them). Members have no tabs: their page is the chat and feed.
 */
export function GroupTabs({ chatAndFeed, progress }: { chatAndFeed: ReactNode; progress: ReactNode }) {
  return (
    <Tabs.Root defaultValue="chat" className="flex flex-col gap-4">
      <Tabs.List aria-label="Group views" className="flex gap-2 border-b border-slate-200">
        <Tabs.Trigger value="chat" className={tabClass}>
          Chat & feed
        </Tabs.Trigger>
        <Tabs.Trigger value="progress" className={tabClass}>
          Progress
        </Tabs.Trigger>
      </Tabs.List>
      {/* Kept mounted while hidden: a half-written message and the chat's scroll survive a look at Progress. */}
      <Tabs.Content value="chat" forceMount className="data-[state=inactive]:hidden">
        {chatAndFeed}
      </Tabs.Content>
      <Tabs.Content value="progress">{progress}</Tabs.Content>
    </Tabs.Root>
  );
}
