import { LoaderCircle } from "lucide-react";

export function Spinner({ label = "Loading", className = "size-6" }: { label?: string; className?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={`animate-spin text-indigo-700 ${className}`} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullScreenSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner className="size-10" />
    </div>
  );
}

/** A visible loading text with a spinning icon, announced once as a status. */
export function LoadingText({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return (
    <p role="status" className={`flex items-center gap-3 text-slate-700 ${className}`}>
      <LoaderCircle aria-hidden="true" className="size-6 shrink-0 animate-spin text-indigo-700" />
      <span>{children}</span>
    </p>
  );
}
