import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PushSettings, PushSubscriptionInput, QuietHours } from "../../../../core/schemas/push";
import { api, timeZoneHeaders, unwrap } from "../../../lib/api-client";

// Push notifications (issue 26): the server's key and the reader's settings, this device's subscription, and
// the quiet hours. One file for the setting's reads and writes, which nothing else uses.

export const pushSettingsQuery = queryOptions({
  queryKey: ["push"],
  queryFn: (): Promise<PushSettings> => unwrap(api.push.$get()),
});

export function usePushSettings() {
  return useQuery(pushSettingsQuery);
}

/** The browser's time zone goes with it: the quiet hours are the reader's own night. */
export function saveDevice(device: PushSubscriptionInput): Promise<{ on: boolean }> {
  return unwrap(api.push.subscriptions.$post({ json: device }, { headers: timeZoneHeaders() }));
}

export function forgetDevice(endpoint: string): Promise<{ on: boolean }> {
  return unwrap(api.push.subscriptions.$delete({ json: { endpoint } }));
}

/** Quiet hours: saved at once, shown from the answer. */
export function useSaveQuietHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hours: QuietHours): Promise<QuietHours> =>
      unwrap(api.push["quiet-hours"].$put({ json: hours }, { headers: timeZoneHeaders() })),
    onSuccess: (quietHours) =>
      queryClient.setQueryData(pushSettingsQuery.queryKey, (settings) =>
        settings ? { ...settings, quietHours } : settings,
      ),
  });
}
