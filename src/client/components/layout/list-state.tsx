import { TriangleAlert } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Button } from '../ui/button';
import { EmptyState } from './empty-state';

/** What a list needs to know of its query. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isRefetching?: boolean;
  refetch: () => unknown;
}

/**
 * The four states every list of the app goes through: loading (its skeleton), failed
 * (the message and a Retry that refetches), empty (its own invitation) and the list.
 *
 * A Retry that succeeds unmounts the button that had focus; focus then goes to what
 * loaded in its place, so a keyboard or screen-reader user carries on from there instead
 * of from the top of the page.
 */
export function ListState<T>({
  query,
  items,
  loading,
  error,
  empty,
  children,
}: {
  query: ListQuery;
  /** The items to show; undefined while there are none loaded. */
  items: readonly T[] | undefined;
  loading: ReactNode;
  error: { title: string; description?: string };
  empty: ReactNode;
  children: (items: readonly T[]) => ReactNode;
}) {
  const retryFocus = useRetryFocus(query, items);

  if (query.isPending) return <>{loading}</>;
  if (query.isError || !items) {
    return (
      <LoadError
        query={{ ...query, refetch: retryFocus.retry }}
        title={error.title}
        description={error.description}
        retryRef={retryFocus.retryButton}
      />
    );
  }
  return (
    <>
      {retryFocus.marker}
      {items.length === 0 ? empty : children(items)}
    </>
  );
}

/**
 * Keeps a Retry's focus. A list with nothing loaded goes back to its skeleton while it
 * refetches, so the focused Retry unmounts; when the refetch ends, focus goes to what
 * loaded, or to the new Retry when it failed again. A hidden marker rendered just before
 * what loaded finds its first element without a wrapper, which would change the parent's
 * layout; it appears with the first Retry.
 */
function useRetryFocus(query: ListQuery, items: readonly unknown[] | undefined) {
  const marker = useRef<HTMLSpanElement>(null);
  const retryButton = useRef<HTMLButtonElement>(null);
  const [retried, setRetried] = useState(false);
  const pending = useRef<'none' | 'asked' | 'fetching'>('none');
  const fetching = query.isPending || Boolean(query.isRefetching);
  const failed = query.isError || !items;

  useLayoutEffect(() => {
    if (pending.current === 'none') return;
    if (fetching) {
      pending.current = 'fetching';
    } else if (!failed) {
      pending.current = 'none';
      const loaded = marker.current?.nextElementSibling;
      if (loaded instanceof HTMLElement) {
        if (!loaded.hasAttribute('tabindex')) loaded.tabIndex = -1;
        loaded.focus();
      }
    } else if (pending.current === 'fetching') {
      pending.current = 'none';
      retryButton.current?.focus();
    }
  }, [fetching, failed]);

  return {
    retry: () => {
      pending.current = 'asked';
      setRetried(true);
      return query.refetch();
    },
    retryButton,
    marker: retried ? <span ref={marker} hidden /> : null,
  };
}

/** A load that failed: what failed, and a Retry that refetches. */
export function LoadError({
  query,
  title,
  description,
  retryRef,
}: {
  query: Pick<ListQuery, 'isRefetching' | 'refetch'>;
  title: string;
  description?: string;
  retryRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <EmptyState
      icon={TriangleAlert}
      title={title}
      description={description}
      className="border-destructive/40"
      action={
        <Button
          ref={retryRef}
          type="button"
          variant="outline"
          disabled={query.isRefetching}
          onClick={() => void query.refetch()}
        >
          Retry
        </Button>
      }
    />
  );
}
