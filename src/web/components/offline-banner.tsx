import { WifiOff } from "lucide-react";
import { OFFLINE_MESSAGES } from "../lib/offline";
import { useOnline } from "../lib/use-online";

/** While the connection is gone: says so, and that what was opened still works (issue 26). */
export function OfflineBanner() {
  const online = useOnline();
  // Always in the page, so that a screen reader hears the change as it happens.
  return (
    <div
      role="status"
      className={
        online ? "sr-only" : "bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950"
      }
    >
      {online ? null : (
        <span className="inline-flex items-center gap-2">
          <WifiOff aria-hidden="true" className="size-4" />
          {OFFLINE_MESSAGES.banner}
        </span>
      )}
    </div>
  );
}
