import { TriangleAlert } from 'lucide-react';
import {
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
  type Ref,
} from 'react';
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
  const failed = query.isError || !items;
  const retryFocus = useRetryFocus(query, failed, elementAfter);

  if (query.isPending) return <>{loading}</>;
  if (failed) {
    return <LoadError {...retryFocus.retry} title={error.title} description={error.description} />;
  }
  return (
    <>
      {retryFocus.marker}
      {items.length === 0 ? empty : children(items)}
    </>
  );
}

/** What a list focuses once a Retry loads it: the first element it rendered (list or empty state). */
const elementAfter = (marker: HTMLElement) => marker.nextElementSibling;

/** What a LoadError takes from useRetryFocus: the Retry's refetch, and a ref to its button. */
export type RetryProps = Pick<ComponentProps<typeof LoadError>, 'query' | 'retryRef'>;

/**
 * Keeps a Retry's focus. A query with nothing loaded goes back to pending while it refetches,
 * so its loading state replaces the focused Retry; when the refetch ends, focus goes to
 * `focusTarget` in what loaded, or to the new Retry when it failed again (`failed`: the
 * settled query shows the Retry). A load that ends without a Retry leaves focus alone.
 *
 * What loaded is found from a hidden marker rendered just before it (a wrapper would change
 * the parent's layout): the caller renders `marker` there, and `focusTarget` picks the
 * element to focus from it. The marker appears with the first Retry. The target takes
 * tabIndex -1 when it has no tabindex, so it takes focus without entering the tab order.
 */
export function useRetryFocus(
  query: Pick<ListQuery, 'isPending' | 'isRefetching' | 'refetch'>,
  failed: boolean,
  focusTarget: (marker: HTMLElement) => Element | null,
): { retry: RetryProps; marker: ReactNode } {
  const marker = useRef<HTMLSpanElement>(null);
  const retryButton = useRef<HTMLButtonElement>(null);
  const [retried, setRetried] = useState(false);
  const pending = useRef<'none' | 'asked' | 'fetching'>('none');
  const fetching = query.isPending || Boolean(query.isRefetching);

  useLayoutEffect(() => {
    if (pending.current === 'none') return;
    if (fetching) {
      pending.current = 'fetching';
    } else if (!failed) {
      pending.current = 'none';
      const loaded = marker.current && focusTarget(marker.current);
      if (loaded instanceof HTMLElement) {
        if (!loaded.hasAttribute('tabindex')) loaded.tabIndex = -1;
        loaded.focus();
      }
    } else if (pending.current === 'fetching') {
      pending.current = 'none';
      retryButton.current?.focus();
    }
  }, [fetching, failed, focusTarget]);

  return {
    retry: {
      query: {
        isRefetching: query.isRefetching,
        refetch: () => {
          pending.current = 'asked';
          setRetried(true);
          return query.refetch();
        },
      },
      retryRef: retryButton,
    },
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
