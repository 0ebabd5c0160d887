import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#shared/schemas/common';
import { concertIdParams } from '#shared/schemas/concerts';
import { reviewPageQuerySchema, reviewSchema } from '#shared/schemas/reviews';
import { encodeJson, sendJson } from '../../plugins/response-cache.ts';
import { concertReviewsTag, listConcertReviews } from './service.ts';

const reviewListSchema = z.array(reviewSchema);

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/concerts/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Reviews of a concert, newest first',
        params: concertIdParams,
        querystring: reviewPageQuerySchema,
        response: { 200: reviewListSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const viewerId = request.session.userId;
      const page = async () =>
        encodeJson(reviewListSchema, await listConcertReviews(app.db, id, viewerId, request.query));
      // Signed-in viewers see their own likes; what everyone else sees is shared.
      const body =
        viewerId === undefined
          ? await app.responseCache.get(
              `${request.query.limit}:${request.query.offset}`,
              page,
              concertReviewsTag(id),
            )
          : await page();
      return sendJson(reply, body);
    },
  );
};
