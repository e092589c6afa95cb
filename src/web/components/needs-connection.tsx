import { WifiOff } from "lucide-react";
import { OFFLINE_MESSAGES } from "../lib/offline";

/**
 * Beside an action that needs the server (write a layer, post, ask) while the connection is gone: why its
 * button is off. The button points at it with aria-describedby.
 */
export function NeedsConnection({ id }: { id: string }) {
  return (
    <p id={id} className="flex items-center gap-2 text-sm font-medium text-slate-700">
      <WifiOff aria-hidden="true" className="size-4" />
      {OFFLINE_MESSAGES.needsConnection}
    </p>
  );
}
