import { useMutation } from "@tanstack/react-query";
import { MESSAGES } from "../../../../core/messages";
import { ApiError, api, unwrap } from "../../../lib/api-client";
import { downloadFileName, saveFile } from "../../../lib/save-file";

/**
 * 'Download CSV': fetched rather than followed as a link, so that the page can show that it is under way and why
 * it failed, then saved under the name the server gave it.
 */
export function useDownloadGroupProgress(groupId: string) {
  return useMutation({
    mutationFn: async () => {
      let response: Awaited<ReturnType<(typeof api.groups)[":groupId"]["progress.csv"]["$get"]>>;
      try {
        response = await api.groups[":groupId"]["progress.csv"].$get({ param: { groupId } });
      } catch {
        throw new ApiError(MESSAGES.somethingWentWrong, 0, "network");
      }
      // unwrap turns the server's error answer into an ApiError with its message.
      if (!response.ok) await unwrap(Promise.resolve(response));
      const disposition = response.headers.get("content-disposition");
      // downloadFileName's own fallback is the data export's name; a CSV without a name still gets one.
      const fileName = disposition?.includes("filename=") ? downloadFileName(disposition) : "progress.csv";
      saveFile(await response.blob(), fileName);
      return { fileName };
    },
  });
}
