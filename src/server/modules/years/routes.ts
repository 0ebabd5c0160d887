import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#shared/schemas/common';
import { usernameParams } from '#shared/schemas/users';
import { yearInReviewSchema, yearParams } from '#shared/schemas/years';
import { matchesEntityTag } from '#server/plugins/response-cache.ts';
import { createYearImages } from './image.ts';
import { getYearInReview, getYearPicture, getYearsWithShows } from './service.ts';

const tags = ['years'];
const readErrors = { 400: errorSchema, 404: errorSchema };

export interface YearsRoutesOptions {
  /** Pictures drawn an hour for one client address (YEAR_IMAGE_RENDERS_PER_IP_PER_HOUR). */
  rendersPerAddressPerHour: number;
}

export const yearsRoutes: FastifyPluginAsyncZod<YearsRoutesOptions> = async (app, options) => {
  const images = createYearImages({
    rendersPerAddressPerHour: options.rendersPerAddressPerHour,
    onRender: () => app.metrics.yearImageRendered(),
  });
  app.addHook('onClose', () => images.close());

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
        summary:
          'The shareable picture of a year with shows (PNG, 1200×630), to whoever may see the year; 404 otherwise. 429 past the pictures drawn an hour for one address, 503 while too many are being drawn',
        params: yearParams,
        response: { 200: z.any(), ...readErrors, 429: errorSchema, 503: errorSchema },
      },
    },
    async ({ params, ctx, headers, ip }, reply) => {
      const shown = await getYearPicture(ctx, params.username, params.year);
      reply
        // Who may see it depends on the session: only a year public to all is for shared caches.
        .header('cache-control', shown.isPublic ? 'public, max-age=300' : 'private, no-cache')
        .header('vary', 'cookie')
        .header('etag', shown.etag);
      if (matchesEntityTag(headers['if-none-match'], shown.etag)) return reply.status(304).send();
      return reply.type('image/png').send(await images.png(ctx, shown, ip));
    },
  );
};
