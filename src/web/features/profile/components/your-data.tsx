import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { useDownloadMyData } from "../api/download-my-data";
import { DeleteAccountDialog } from "./delete-account-dialog";

/** 'Your data' on the profile: a copy of everything kept, and the way to delete the account. */
export function YourData() {
  const download = useDownloadMyData();
  const [deleteOpen, setDeleteOpen] = useState(false);

  return (
    <section
      aria-labelledby="your-data-heading"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="your-data-heading" className="text-xl font-bold text-slate-900">
        Your data
      </h2>
      <p className="text-sm text-slate-700">
        Download a copy of everything Lamplight keeps about you, or delete your account.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending}>
          <Download aria-hidden="true" className="size-4" />
          {download.isPending ? "Preparing your data..." : "Download my data"}
        </Button>
        <Button variant="danger" onClick={() => setDeleteOpen(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete my account
        </Button>
      </div>
      {download.isError && <ErrorBox>{download.error.message}</ErrorBox>}
      {download.isSuccess && (
        <p role="status" className="text-sm text-slate-700">
          Your data was saved as {download.data.fileName}.
        </p>
      )}
      <DeleteAccountDialog open={deleteOpen} onOpenChange={setDeleteOpen} />
    </section>
  );
}
