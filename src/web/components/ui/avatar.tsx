/** A user's picture, or the first letter of their name on a coloured disc. */
export function Avatar({
  url,
  name,
  className = "size-10 text-base",
}: {
  url: string | null | undefined;
  name: string | null | undefined;
  className?: string;
}) {
  if (url) return <img src={url} alt="" className={`rounded-full object-cover ${className}`} />;
  return (
    <span
      aria-hidden="true"
      className={`inline-flex items-center justify-center rounded-full bg-amber-200 font-bold text-amber-900 ${className}`}
    >
      {(name?.[0] ?? "?").toUpperCase()}
    </span>
  );
}
