/** The red box that shows an error above a form's submit button. */
export function ErrorBox({ children }: { children: React.ReactNode }) {
  if (!children) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </div>
  );
}
