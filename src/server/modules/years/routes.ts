import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#shared/schemas/common';
import { usernameParams } from '#shared/schemas/users';
import { yearInReviewSchema, yearParams } from '#shared/schemas/years';
import { matchesEntityTag } from '#server/plugins/response-cache.ts';
import { renderYearImage } from './image.ts';
import { getPublicYear, getYearInReview, getYearsWithShows } from './service.ts';

const tags = ['years'];
const readErrors = { 400: errorSchema, 404: errorSchema };

export const yearsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/username/:username/year/:year',
    {
      schema: {
        tags,
        summary: "A person's year of shows: counts, months, averages, top show, most-seen artist",
        params: yearParams,
        response: { 200: yearInReviewSchema, ...readErrors },
      },
    },
    async ({ params, ctx }) => getYearInReview(ctx, params.username, params.year),
  );

  app.get(
    '/users/username/:username/years',
    {
      schema: {
        tags,
        summary: 'The years in which a person attended shows, newest first',
        params: usernameParams,
        response: { 200: z.object({ years: z.array(z.number().int()) }), ...readErrors },
      },
    },
    async ({ params, ctx }) => getYearsWithShows(ctx, params.username),
  );

  app.get(
    '/users/username/:username/year/:year/image.png',
    {
      schema: {
        tags,
        summary: 'The shareable picture of a public year (PNG, 1200×630); 404 when not public',
        params: yearParams,
        response: { 200: z.any(), ...readErrors },
      },
    },
    async ({ params, ctx, headers }, reply) => {
      const year = await getPublicYear(ctx, params.username, params.year);
      const { png, etag } = await renderYearImage(year);
      reply.header('cache-control', 'public, max-age=300').header('etag', etag);
      if (matchesEntityTag(headers['if-none-match'], etag)) return reply.status(304).send();
      return reply.type('image/png').send(png);
    },
  );
};
