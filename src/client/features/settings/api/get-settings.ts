import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSettings } from '#shared/schemas/users';
import { api } from '#client/lib/api';
import { FRESH_FOR_MS } from '#client/lib/query';
import { settingsKeys } from './keys';

/** GET /api/users/me/settings: kept on the server, so they follow the person between devices. */
export function getSettings(signal?: AbortSignal): Promise<UserSettings> {
  return api.get<UserSettings>('/users/me/settings', { signal });
}

export const settingsQueryOptions = queryOptions({
  queryKey: settingsKeys.mine(),
  queryFn: ({ signal }) => getSettings(signal),
  staleTime: FRESH_FOR_MS.own,
});

export const useSettings = () => useQuery(settingsQueryOptions);
