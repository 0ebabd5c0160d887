import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { toast } from '#client/components/ui/use-toast';

/**
 * The first half of a switch that moves at once: stops the setting's refetches (whose answer
 * would undo the change), merges `update` into the cached copy, and returns the copy from
 * before, for onError to put back if the server refuses.
 */
export async function mergeAtOnce<T extends object>(
  queryClient: QueryClient,
  key: QueryKey,
  update: Partial<T>,
): Promise<{ previous: T | undefined }> {
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData<T>(key);
  if (previous) queryClient.setQueryData<T>(key, { ...previous, ...update });
  return { previous };
}

/** The last half of such a switch: once nothing else is on its way, the server's copy wins. */
export function takeServerCopyWhenLast(queryClient: QueryClient, key: QueryKey): void {
  if (queryClient.isMutating({ mutationKey: key }) <= 1) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

/** The toast of a switch the server refused, which moved back. */
export function toastUndone(
  title = 'Failed to save settings',
  description = 'Your change was undone. Please try again.',
): void {
  toast({ title, description, variant: 'destructive' });
}
