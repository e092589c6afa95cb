import type { ReactNode, Ref } from "react";
import { useId } from "react";
import { Navigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { LoadMoreButton } from "../../../components/ui/load-more-button";
import { LoadingText } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";

/** What a tab needs of its query, paged (reports, media, pictures, flags) or not (mutes). */
type TabQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
};

/**
 * The frame every leader tab shares: its heading (which takes the focus once the last card has gone), a
 * notice, then loading, the error with 'Try again', the empty message or the cards, and a button for more.
 * The tab's dialog, if one is open, comes as `children`. A member the server refuses is sent home.
 */
export function LeaderTab<Item>({
  title,
  headingRef,
  intro,
  notice,
  query,
  loadingText,
  emptyText,
  listLabel,
  listClassName = "flex flex-col gap-4",
  items,
  itemKey,
  renderItem,
  moreLabel = "Load more",
  children,
}: {
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
  intro?: string;
  /** Why a card left without the leader's action, e.g. another leader decided first. */
  notice?: string | null;
  query: TabQuery;
  loadingText: string;
  emptyText: string;
  listLabel: string;
  listClassName?: string;
  items: Item[];
  itemKey: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
  moreLabel?: string;
  children?: ReactNode;
}) {
  const headingId = useId();

  if (query.error instanceof ApiError && query.error.status === 403)
    return <Navigate to={paths.home} replace />;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2
        ref={headingRef}
        id={headingId}
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 focus:outline-none"
      >
        {title}
      </h2>
      {intro && <p className="text-sm text-slate-700">{intro}</p>}
      {notice && (
        <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
          {notice}
        </p>
      )}
      {query.isPending ? (
        <LoadingText>{loadingText}</LoadingText>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-slate-700">
          <p>{query.error?.message}</p>
          <Button variant="secondary" onClick={() => query.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-800">
          {emptyText}
        </p>
      ) : (
        <ul aria-label={listLabel} className={listClassName}>
          {items.map((item) => (
            <li key={itemKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <LoadMoreButton loading={query.isFetchingNextPage ?? false} onLoad={() => query.fetchNextPage?.()}>
          {moreLabel}
        </LoadMoreButton>
      )}
      {children}
    </section>
  );
}
