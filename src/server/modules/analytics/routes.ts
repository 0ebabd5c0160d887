import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { topArtistSchema, topListQuerySchema, topVenueSchema } from '#shared/schemas/analytics';
import { errorSchema } from '#shared/schemas/common';
import { selectTopArtists, selectTopVenues } from './queries.ts';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/analytics/top-venues',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Venues with the best average overall rating',
        querystring: topListQuerySchema,
        response: { 200: z.array(topVenueSchema), 400: errorSchema },
      },
    },
    async (request) => selectTopVenues(app.db, request.query.limit),
  );

  app.get(
    '/analytics/top-artists',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Artists with the best average overall rating',
        querystring: topListQuerySchema,
        response: { 200: z.array(topArtistSchema), 400: errorSchema },
      },
    },
    async (request) => selectTopArtists(app.db, request.query.limit),
  );
};
