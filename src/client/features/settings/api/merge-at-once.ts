import type { QueryClient, QueryKey } from '@tanstack/react-query';

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
