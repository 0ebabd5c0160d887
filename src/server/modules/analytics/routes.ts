/** Community favourites: the best-rated venues and artists. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RankingRule } from '#shared/ranking-rule';
import { topArtistSchema, topListQuerySchema, topVenueSchema } from '#shared/schemas/analytics';
import { errorSchema } from '#shared/schemas/common';
import { cachedRead } from '#server/plugins/response-cache.ts';
import { topArtists, topListCacheSlot, topVenues } from '../rankings/index.ts';

const topVenueList = z.array(topVenueSchema);
const topArtistList = z.array(topArtistSchema);

/**
 * Community Favorites: the all-time league tables' first rows, ranked by the same rule as
 * /rankings (Bayesian average, minimum review count); the averages shown are the plain ones.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ rule: RankingRule }> = async (
  app,
  { rule },
) => {
  app.get(
    '/analytics/top-venues',
    cachedRead({
      schema: {
        tags: ['analytics'],
        summary: 'Venues ranked by overall rating under the league tables\u2019 rule',
        querystring: topListQuerySchema,
        response: { 200: topVenueList, 400: errorSchema },
      },
      read: ({ query }) => topVenues(app.db, rule, query.limit),
      slot: ({ query }) => topListCacheSlot('venues', query.limit),
    }),
  );

  app.get(
    '/analytics/top-artists',
    cachedRead({
      schema: {
        tags: ['analytics'],
        summary: 'Artists ranked by overall rating under the league tables\u2019 rule',
        querystring: topListQuerySchema,
        response: { 200: topArtistList, 400: errorSchema },
      },
      read: ({ query }) => topArtists(app.db, rule, query.limit),
      slot: ({ query }) => topListCacheSlot('artists', query.limit),
    }),
  );
};
