import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SettingsCard } from '#client/components/layout/settings-card';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';

/**
 * A Settings card whose controls show what it loads: placeholders of the given sizes while it
 * loads (named for screen readers by `loadingLabel`), the failure and Retry if it could not.
 */
export function LoadedSettingsCard<T>({
  title,
  description,
  ...loaded
}: Parameters<typeof LoadedSettings<T>>[0] & { title: string; description: ReactNode }) {
  return (
    <SettingsCard title={title} description={description}>
      <LoadedSettings {...loaded} />
    </SettingsCard>
  );
}

function LoadedSettings<T>({
  query,
  loadingLabel,
  placeholders,
  failure,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  /** The size classes of each placeholder line. */
  placeholders: string[];
  failure: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div aria-busy="true" className="grid gap-3">
        <span className="sr-only">{loadingLabel}</span>
        {placeholders.map((size, index) => (
          <Skeleton key={index} className={size} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-muted-foreground">{failure}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  return children(query.data);
}
