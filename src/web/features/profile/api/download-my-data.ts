import { useMutation } from "@tanstack/react-query";
import { ACCOUNT_MESSAGES } from "../../../../core/schemas/profile";
import { ApiError, api, unwrap } from "../../../lib/api-client";
import { downloadFileName, saveFile } from "../../../lib/save-file";

/**
 * 'Download my data': fetched rather than followed as a link, so that the page can show that it is under way
 * and why it failed, then saved as the JSON file the server named.
 */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      let response: Awaited<ReturnType<typeof api.profile.export.$get>>;
      try {
        response = await api.profile.export.$get();
      } catch {
        throw new ApiError(ACCOUNT_MESSAGES.downloadFailed, 0, "network");
      }
      // unwrap turns the server's error answer into an ApiError with its message.
      if (!response.ok) await unwrap(Promise.resolve(response));
      const fileName = downloadFileName(response.headers.get("content-disposition"));
      saveFile(await response.blob(), fileName);
      return { fileName };
    },
  });
}
