import { useMutation } from "@tanstack/react-query";
import { ACCOUNT_MESSAGES, dataExportFileName } from "../../../../core/schemas/profile";
import { ApiError, api, unwrap } from "../../../lib/api-client";

/** The name the server gave the download, else today's. */
function fileNameFrom(disposition: string | null): string {
  const name = disposition?.match(/filename="([^"]+)"/)?.[1];
  return name ?? dataExportFileName(new Date());
}

/** Hands the file to the browser as a download, as a link with `download` would. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the blob only after click() returns: it is let go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

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
      const fileName = fileNameFrom(response.headers.get("content-disposition"));
      saveFile(await response.blob(), fileName);
      return { fileName };
    },
  });
}
