/** The questions' place while they load: grey bars of about their height, so that nothing jumps when they come. */
export function CheckSkeleton() {
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <p role="status" className="sr-only">
        Loading the questions...
      </p>
      <div aria-hidden="true" className="flex animate-pulse flex-col gap-4">
        <div className="h-6 w-64 max-w-full rounded bg-slate-200" />
        <div className="h-5 w-80 max-w-full rounded bg-slate-200" />
        <div className="grid gap-2 sm:grid-cols-2">
          <div className="h-12 rounded-xl bg-slate-200" />
          <div className="h-12 rounded-xl bg-slate-200" />
          <div className="h-12 rounded-xl bg-slate-200" />
        </div>
      </div>
    </div>
  );
}
