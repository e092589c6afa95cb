import { useMutation } from "@tanstack/react-query";
import { ACCOUNT_MESSAGES } from "../../../../core/schemas/profile";
import { ApiError, api, unwrap } from "../../../lib/api-client";
import { downloadFileName, saveFile } from "../../../lib/save-file";

/** "Download my child's data": the same JSON file the child's own 'Download my data' gives, saved as named. */
export function useDownloadChildData(childId: string) {
  return useMutation({
    mutationFn: async () => {
      let response: Awaited<ReturnType<(typeof api.family.children)[":childId"]["export"]["$get"]>>;
      try {
        response = await api.family.children[":childId"].export.$get({ param: { childId } });
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
