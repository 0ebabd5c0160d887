import type { UserSettings } from '#shared/schemas/users';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { settingsKeys } from './keys';

/** GET /api/users/me/settings: kept on the server, so they follow the person between devices. */
export const { options: settingsQueryOptions, use: useSettings } = apiQuery<UserSettings>({
  key: settingsKeys.mine,
  path: () => '/users/me/settings',
  staleTime: FRESH_FOR_MS.own,
});
