import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DiaryImport } from '#shared/schemas/imports';
import { apiQuery } from '#client/lib/api-query';
import { refresh, refreshes } from '#client/lib/refreshes';
import { isUnderway } from '../lib/imports';
import { diaryKeys } from './keys';

/** How often an import under way is asked for again. */
export const IMPORT_POLL_MS = 1000;

/**
 * GET /api/users/me/imports/{id}: how an import stands. Asked for again every second while it
 * is queued or running (docs/product.md §4), never once it is done or failed.
 */
export const { options: diaryImportQueryOptions } = apiQuery<DiaryImport, [id: string]>({
  key: diaryKeys.import,
  path: (id) => `/users/me/imports/${encodeURIComponent(id)}`,
  refetchInterval: (query) =>
    query.state.data && isUnderway(query.state.data) ? IMPORT_POLL_MS : false,
});

/**
 * The import the page follows (none while `id` is null). Once it is seen ended, the diary, its
 * numbers and what else reads the marks are asked for again, so the imported shows appear.
 */
export function useDiaryImport(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...diaryImportQueryOptions(id ?? ''), enabled: id !== null });
  const endedId = query.data && !isUnderway(query.data) ? query.data.id : null;
  useEffect(() => {
    if (endedId !== null) void refresh(queryClient, refreshes.diaryImportEnded());
  }, [endedId, queryClient]);
  return query;
}
