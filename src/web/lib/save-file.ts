import { dataExportFileName } from "../../core/schemas/profile";

/** The name the server gave a download, else today's data-export name. */
export function downloadFileName(disposition: string | null): string {
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
