import { Button } from "./button";

/** The button under a paged list ('Show more posts', 'Load earlier messages'…), busy while a page loads. */
export function LoadMoreButton({
  loading,
  onLoad,
  children,
}: {
  loading: boolean;
  onLoad: () => void;
  children: React.ReactNode;
}) {
  return (
    <Button variant="secondary" className="self-center" disabled={loading} onClick={onLoad}>
      {loading ? "Loading..." : children}
    </Button>
  );
}
