import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils';

/** A pulsing placeholder block; hidden from assistive tech, so pair it with a status text. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}
