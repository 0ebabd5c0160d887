import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils';
import { Skeleton } from '../ui/skeleton';

/**
 * A region's placeholder while it loads: the skeletons for the eye, and `label` ("Loading
 * reviews") for a screen reader, in a status region.
 */
export function LoadingStatus({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** While a list of cards loads: `count` placeholders of one size, one under the other. */
export function SkeletonStack({
  label,
  count,
  skeletonClassName,
}: {
  label: string;
  count: number;
  /** The size of each placeholder ("h-40 w-full rounded-xl"). */
  skeletonClassName: string;
}) {
  return (
    <LoadingStatus label={label} className="flex flex-col gap-3">
      {Array.from({ length: count }, (_, n) => (
        <Skeleton key={n} className={skeletonClassName} />
      ))}
    </LoadingStatus>
  );
}

/**
 * The placeholder of a row about someone or something (a notification, a review's author, a
 * person, a ranking): a round avatar beside a line and a shorter line under it. The caller's
 * row lays it out.
 */
export function AvatarLinesSkeleton({
  avatarClassName,
  lineClassNames: [first, second],
}: {
  /** The avatar's size. */
  avatarClassName: string;
  /** Each line's height and width. */
  lineClassNames: readonly [string, string];
}) {
  return (
    <>
      <Skeleton className={cn('rounded-full', avatarClassName)} />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className={first} />
        <Skeleton className={second} />
      </div>
    </>
  );
}
