import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#shared/schemas/common';
import {
  concertDetailSchema,
  concertIdParams,
  concertListItemSchema,
  concertListQuerySchema,
} from '#shared/schemas/concerts';
import { cachedRead } from '#server/plugins/response-cache.ts';
import {
  concertListCacheSlot,
  getConcertDetail,
  getTicketmasterEvent,
  listConcerts,
} from './service.ts';

const concertListSchema = z.array(concertListItemSchema);

export const concertsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/concerts',
    cachedRead({
      schema: {
        tags: ['concerts'],
        summary:
          'Upcoming concerts by date, filtered, optionally with Ticketmaster events merged in',
        querystring: concertListQuerySchema,
        response: { 200: concertListSchema, 400: errorSchema },
      },
      read: ({ query, ctx }) => listConcerts(ctx, query),
      slot: ({ query }) => concertListCacheSlot(query),
    }),
  );

  app.get(
    '/concerts/:id',
    {
      schema: {
        tags: ['concerts'],
        summary:
          'One concert with its rating averages; tm_ and sfm_ ids may come from the provider',
        params: concertIdParams,
        response: { 200: concertDetailSchema, 404: errorSchema, 503: errorSchema },
      },
    },
    async (request) => getConcertDetail(request.ctx, request.params.id),
  );

  app.get(
    '/ticketmaster/events/:id',
    {
      schema: {
        tags: ['concerts'],
        summary: 'A Ticketmaster event (tm_ id) as a concert',
        params: concertIdParams,
        response: { 200: concertDetailSchema, 404: errorSchema, 503: errorSchema },
      },
    },
    async (request) => getTicketmasterEvent(request.ctx, request.params.id),
  );
};
