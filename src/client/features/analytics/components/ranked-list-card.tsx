import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { AvatarLinesSkeleton, LoadingStatus } from '#client/components/layout/loading-status';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { Stars } from '#client/components/ui/stars';
import { TOP_LIST_LIMIT } from '#shared/limits';
import { cn, pluralize } from '#client/lib/utils';
import { IconBadge } from '#client/components/layout/icon-badge';

export interface RankedEntry {
  key: string;
  name: string;
  /** The page of the venue or artist. */
  href: string;
  /** The line under the name: a city, or a performance average. */
  detail: string;
  reviewCount: number;
  averageRating: number;
}

interface RankedListCardProps {
  title: string;
  icon: LucideIcon;
  entries: RankedEntry[] | undefined;
  isLoading: boolean;
  isError: boolean;
  loadingLabel: string;
  emptyText: string;
  errorText: string;
  /** The way to the whole table. */
  footer?: ReactNode;
}

/** One Community Favorites list: skeleton rows while loading, a calm line if empty or failed. */
export function RankedListCard({
  title,
  icon: Icon,
  entries,
  isLoading,
  isError,
  loadingLabel,
  emptyText,
  errorText,
  footer,
}: RankedListCardProps) {
  const titleId = useId();
  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-center gap-3">
        <IconBadge icon={Icon} className="size-9 rounded-lg" iconClassName="size-4.5" />
        <CardTitle id={titleId} className="text-lg">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <RankedListSkeleton label={loadingLabel} />
        ) : isError ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{errorText}</p>
        ) : !entries || entries.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <ol className="divide-y" aria-labelledby={titleId}>
            {entries.map((entry, index) => (
              <RankedRow key={entry.key} entry={entry} rank={index + 1} />
            ))}
          </ol>
        )}
        {footer && <div className="mt-4 border-t pt-4">{footer}</div>}
      </CardContent>
    </Card>
  );
}

function RankedRow({ entry, rank }: { entry: RankedEntry; rank: number }) {
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <span
        aria-hidden="true"
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold tabular-nums',
          rank === 1
            ? 'bg-linear-to-br from-brand-from to-brand-to text-white'
            : 'bg-muted text-muted-foreground',
        )}
      >
        {rank}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          <Link href={entry.href} className="focus-ring rounded-sm hover:underline">
            {entry.name}
          </Link>
        </p>
        <p className="truncate text-sm text-muted-foreground">{entry.detail}</p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <Stars value={Math.round(entry.averageRating)} size="sm" />
        <span className="text-xs text-muted-foreground tabular-nums">
          {pluralize(entry.reviewCount, 'review')}
        </span>
      </div>
    </li>
  );
}

function RankedListSkeleton({ label }: { label: string }) {
  return (
    <LoadingStatus label={label}>
      <ul className="divide-y" aria-hidden="true">
        {Array.from({ length: TOP_LIST_LIMIT }, (_, index) => (
          <li key={index} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
            <AvatarLinesSkeleton
              avatarClassName="size-8"
              lineClassNames={['h-4 w-2/3', 'h-3 w-1/3']}
            />
            <div className="flex flex-col items-end gap-2">
              <Skeleton className="h-3.5 w-20" />
              <Skeleton className="h-3 w-14" />
            </div>
          </li>
        ))}
      </ul>
    </LoadingStatus>
  );
}
