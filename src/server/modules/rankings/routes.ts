import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common';
import { rankingsQuerySchema, rankingsSchema } from '#shared/schemas/rankings';
import type { RankingRule } from '#shared/ranking-rule';
import { cachedRead } from '#server/plugins/response-cache.ts';
import { getRankings, rankingsCacheSlot } from './service.ts';

export const rankingsRoutes: FastifyPluginAsyncZod<{ rule: RankingRule }> = async (
  app,
  { rule },
) => {
  app.get(
    '/rankings',
    cachedRead({
      schema: {
        tags: ['rankings'],
        summary:
          'Venues or artists ranked by one aspect (Bayesian average, minimum review count), per city, genre and period',
        querystring: rankingsQuerySchema,
        response: { 200: rankingsSchema, 400: errorSchema },
      },
      read: ({ query }) => getRankings(app.db, query, rule),
      slot: ({ query }) => rankingsCacheSlot(query),
    }),
  );
};
