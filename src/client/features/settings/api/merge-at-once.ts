import type { QueryKey } from '@tanstack/react-query';
import type { ToastOptions } from '#client/components/ui/use-toast';
import { type CachePatch, cachePatch } from '#client/lib/api-mutation';

/**
 * The patch of a switch that moves at once: merges `update` into the cached copy of the
 * setting. A refusal puts back only the fields of this change, so a later switch that did
 * save stays where it is.
 */
export function mergedAtOnce<T extends object>(key: QueryKey, update: Partial<T>): CachePatch {
  return cachePatch<T>(
    key,
    (held) => ({ ...held, ...update }),
    (current, before) => ({
      ...current,
      ...Object.fromEntries(Object.keys(update).map((field) => [field, before[field as keyof T]])),
    }),
  );
}

/** The toast of a switch the server refused, which moved back. */
export function undone(
  title = 'Failed to save settings',
  description = 'Your change was undone. Please try again.',
): ToastOptions {
  return { title, description, variant: 'destructive' };
}
