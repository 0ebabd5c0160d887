import type { UpcomingGoing } from '#shared/schemas/attendance';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { concertKeys } from './keys';

/** GET /api/users/me/going: one's "Going" shows still to come, soonest first. */
export const { options: upcomingGoingQueryOptions } = apiQuery<UpcomingGoing>({
  key: concertKeys.going,
  path: () => '/users/me/going',
  staleTime: FRESH_FOR_MS.own,
});
