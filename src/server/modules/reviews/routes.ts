import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#shared/schemas/common';
import { concertIdParams } from '#shared/schemas/concerts';
import { reviewPageQuerySchema, reviewSchema } from '#shared/schemas/reviews';
import { listConcertReviews } from './service.ts';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/concerts/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Reviews of a concert, newest first',
        params: concertIdParams,
        querystring: reviewPageQuerySchema,
        response: { 200: z.array(reviewSchema), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) =>
      listConcertReviews(app.db, request.params.id, request.session.userId, request.query),
  );
};
