import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
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
  if (query.isPending) return <>{loading}</>;
  if (query.isError || !items) {
    return <LoadError query={query} title={error.title} description={error.description} />;
  }
  if (items.length === 0) return <>{empty}</>;
  return <>{children(items)}</>;
}

/** A load that failed: what failed, and a Retry that refetches. */
export function LoadError({
  query,
  title,
  description,
}: {
  query: Pick<ListQuery, 'isRefetching' | 'refetch'>;
  title: string;
  description?: string;
}) {
  return (
    <EmptyState
      icon={TriangleAlert}
      title={title}
      description={description}
      className="border-destructive/40"
      action={
        <Button
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
