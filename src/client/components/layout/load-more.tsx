import { useEffect, useRef, useState, type MouseEvent } from 'react';
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
  // Here rather than in the button: the button unmounts with the last page, and focus still has to move.
  const focusNew = useFocusFirstNew(query);
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
      <LoadMoreButton query={query} label={label} busyLabel="Loading more..." focusNew={focusNew} />
    </div>
  );
}

/** The button alone, for a list that pages only when asked; nothing once all is loaded. */
export function LoadMoreButton({
  query,
  label,
  busyLabel = 'Loading...',
  className,
  focusNew,
}: {
  query: PagedQuery;
  label: string;
  /** What the button says while the page loads. */
  busyLabel?: string;
  className?: string;
  /** A parent's useFocusFirstNew, when the parent outlives the button. */
  focusNew?: FocusFirstNew;
}) {
  const ownFocusNew = useFocusFirstNew(query);
  const askFocus = (focusNew ?? ownFocusNew).ask;
  if (!query.hasNextPage) return null;
  return (
    <Button
      type="button"
      variant="outline"
      className={className}
      disabled={query.isFetchingNextPage}
      onClick={(event) => {
        askFocus(event);
        void query.fetchNextPage();
      }}
    >
      {query.isFetchingNextPage ? busyLabel : label}
    </Button>
  );
}

/** What useFocusFirstNew gives the button: `ask`, called by its click before fetching. */
export interface FocusFirstNew {
  ask: (event: MouseEvent<HTMLElement>) => void;
}

/** How long focus waits for the new items to render (a list may render them in a deferred pass). */
const NEW_ITEMS_WAIT_MS = 5000;

/**
 * After a Load More, focus goes to the first new item, so a keyboard or screen-reader user
 * reads on from there instead of staying on the button (or losing focus to the page when the
 * last page removes it). The list is the first element with children that comes before the
 * button or one of its ancestors (the list it ends). The item's first link or button takes
 * focus, or the item itself (with tabIndex -1) when it has none. A page that fails leaves
 * focus on the button, next to its error.
 */
export function useFocusFirstNew(
  query: Pick<PagedQuery, 'isFetchingNextPage' | 'isFetchNextPageError'>,
): FocusFirstNew {
  const [asked, setAsked] = useState<{ list: Element; count: number } | null>(null);
  const fetched = useRef(false);
  const { isFetchingNextPage, isFetchNextPageError } = query;

  useEffect(() => {
    if (!asked) return;
    if (isFetchingNextPage) {
      fetched.current = true;
      return;
    }
    if (!fetched.current) return;
    fetched.current = false;
    setAsked(null);
    if (isFetchNextPageError) return;
    const { list, count } = asked;
    const focusNew = () => {
      const item = list.children.item(count);
      if (!(item instanceof HTMLElement)) return false;
      const control = item.matches('a[href], button')
        ? item
        : item.querySelector<HTMLElement>('a[href], button:not([disabled])');
      if (control) {
        control.focus();
      } else {
        if (!item.hasAttribute('tabindex')) item.tabIndex = -1;
        item.focus();
      }
      return true;
    };
    if (focusNew()) return;
    const observer = new MutationObserver(() => {
      if (focusNew()) observer.disconnect();
    });
    observer.observe(list, { childList: true });
    const timeout = setTimeout(() => observer.disconnect(), NEW_ITEMS_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timeout);
    };
  }, [asked, isFetchingNextPage, isFetchNextPageError]);

  return {
    ask: (event) => {
      const list = listBefore(event.currentTarget);
      fetched.current = false;
      setAsked(list ? { list, count: list.children.length } : null);
    },
  };
}

/** The list a Load More button ends: the first element with children before it or an ancestor. */
function listBefore(button: Element): Element | null {
  for (let node: Element | null = button; node; node = node.parentElement) {
    for (
      let sibling = node.previousElementSibling;
      sibling;
      sibling = sibling.previousElementSibling
    ) {
      if (sibling.children.length > 0) return sibling;
    }
  }
  return null;
}
