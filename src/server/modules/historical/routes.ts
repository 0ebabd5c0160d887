/** The historical concert search behind the review dialog. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#shared/schemas/common';
import { historicalConcertSchema, historicalSearchQuerySchema } from '#shared/schemas/concerts';
import { searchHistoricalConcerts } from './service.ts';

export const historicalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/setlistfm/events',
    {
      schema: {
        tags: ['concerts'],
        summary: 'Past concerts of an artist (setlist.fm, else our catalogue), newest first',
        querystring: historicalSearchQuerySchema,
        response: { 200: z.array(historicalConcertSchema), 400: errorSchema },
      },
    },
    async (request) =>
      searchHistoricalConcerts(request.ctx, request.query.artistName, request.query.limit),
  );
};
