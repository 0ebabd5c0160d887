import { useEffect, useRef } from 'react';
import { Button } from '../ui/button';

/** What the footer needs of an infinite query. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError?: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The end of a paged list: an invisible sentinel that asks for the next page as it scrolls
 * near the viewport, and a button that does the same for keyboards and for anyone whose
 * browser does not scroll it into view. `auto` off leaves only the button (a filtered list
 * would otherwise page through everything looking for matches).
 */
export function LoadMore({
  query,
  label,
  auto = true,
}: {
  query: PagedQuery;
  /** "Load more reviews". */
  label: string;
  auto?: boolean;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  // A failed page is not asked again by scrolling: the person retries with the button.
  const watch = auto && hasNextPage && !isFetchingNextPage && !isFetchNextPageError;

  useEffect(() => {
    const target = sentinel.current;
    if (!watch || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [watch, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <div className="flex flex-col items-center gap-2 pt-2">
      <div ref={sentinel} aria-hidden="true" className="h-px w-full" />
      {isFetchNextPageError && (
        <p className="text-sm text-destructive" role="alert">
          Could not load more. Try again.
        </p>
      )}
      <LoadMoreButton query={query} label={label} busyLabel="Loading more..." />
    </div>
  );
}

/** The button alone, for a list that pages only when asked; nothing once all is loaded. */
export function LoadMoreButton({
  query,
  label,
  busyLabel = 'Loading...',
  className,
}: {
  query: PagedQuery;
  label: string;
  /** What the button says while the page loads. */
  busyLabel?: string;
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      type="button"
      variant="outline"
      className={className}
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? busyLabel : label}
    </Button>
  );
}
