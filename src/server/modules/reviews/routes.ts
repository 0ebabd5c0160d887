import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#shared/schemas/common';
import { concertIdParams } from '#shared/schemas/concerts';
import { reviewPageQuerySchema, reviewSchema } from '#shared/schemas/reviews';
import { sendJsonRead } from '../../plugins/response-cache.ts';
import { listConcertReviews, reviewPageCacheSlot } from './service.ts';

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
      const { params, query, ctx } = request;
      return sendJsonRead(
        reply,
        reviewListSchema,
        () => listConcertReviews(ctx, params.id, query),
        reviewPageCacheSlot(params.id, ctx.viewerId, query),
      );
    },
  );
};
