import { SearchX } from 'lucide-react';
import { LoadError, type RetryProps } from '#client/components/layout/list-state';
import { LoadingStatus } from '#client/components/layout/loading-status';
import { MissingPageMessage } from '#client/components/layout/not-found-message';
import { Skeleton } from '#client/components/ui/skeleton';
import { paths } from '#client/config/paths';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { cn } from '#client/lib/utils';

/** What a detail page of this feature shows: a concert, an artist or a venue. */
export type DetailPageSubject = 'Concert' | 'Artist' | 'Venue';

/** "Concert not found", "Artist not found" or "Venue not found", with the way back to Discover. */
export function DetailPageNotFound({ what }: { what: DetailPageSubject }) {
  useDocumentTitle(`${what} not found`);
  return (
    <MissingPageMessage
      icon={SearchX}
      title={`${what} not found`}
      titleClassName="text-2xl sm:text-3xl"
      description={`This ${what.toLowerCase()} may have been removed, or the link is not quite right.`}
      linkHref={paths.discover}
      linkLabel="Back to Discover"
    />
  );
}

/** A detail page that failed to load, with a Retry. */
export function DetailPageLoadError({
  what,
  retry,
}: {
  what: DetailPageSubject;
  retry: RetryProps;
}) {
  useDocumentTitle(what);
  return (
    <LoadError
      {...retry}
      title={`Failed to load ${what.toLowerCase()}`}
      description={`Something went wrong while loading this ${what.toLowerCase()}.`}
    />
  );
}

export function CataloguePageSkeleton({ label }: { label: string }) {
  return (
    <LoadingStatus label={label} className="flex flex-col gap-6">
      <div className="flex items-center gap-4">
        <Skeleton className="size-20 rounded-xl sm:size-28" />
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-5 w-1/3" />
        </div>
      </div>
      <ColumnsSkeleton mainHeights={['h-40', 'h-56']} />
    </LoadingStatus>
  );
}

/**
 * The placeholder of a concert's, an artist's or a venue's columns: two cards of the given
 * heights in the main column, a tall one beside them (below them on a narrow screen).
 */
export function ColumnsSkeleton({
  mainHeights: [first, second],
}: {
  mainHeights: [string, string];
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="flex flex-col gap-4 lg:col-span-2">
        <Skeleton className={cn('w-full rounded-xl', first)} />
        <Skeleton className={cn('w-full rounded-xl', second)} />
      </div>
      <Skeleton className="h-80 w-full rounded-xl" />
    </div>
  );
}
