import { useSyncExternalStore } from "react";
import { OFFLINE_MESSAGES } from "../lib/offline";
import { reloadWithUpdate, updateStore } from "../lib/update-store";
import { Button } from "./ui/button";

/** 'A new version is ready' with 'Reload', when a new version of the app waits to take over (issue 26). */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(updateStore.subscribe, updateStore.waiting, () => false);
  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-4 rounded-xl bg-indigo-950 px-4 py-3 text-white shadow-lg"
    >
      <span className="font-semibold">{OFFLINE_MESSAGES.updateReady}</span>
      <Button variant="secondary" onClick={reloadWithUpdate}>
        {OFFLINE_MESSAGES.reload}
      </Button>
    </div>
  );
}
