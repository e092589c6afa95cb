import { ErrorBoundary } from "react-error-boundary";
import { MESSAGES } from "../../core/messages";
import { Button } from "../components/ui/button";

/**
 * What a reader sees when a part of the app could not be loaded: the connection dropped, or a new version
 * replaced the files an open page still asks for (screens, menus and dialogs load on first use). Without it,
 * a failed load leaves an empty page; a reload fetches the current version.
 */
function LoadFailed() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{MESSAGES.somethingWentWrong}</h1>
      <p className="text-slate-700">Please check your internet connection, then reload the page.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </main>
  );
}

export function LoadFailedBoundary({ children }: { children: React.ReactNode }) {
  return <ErrorBoundary FallbackComponent={LoadFailed}>{children}</ErrorBoundary>;
}
