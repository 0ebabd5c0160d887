/** Artist and venue pages, and artist follows. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  artistFollowStateSchema,
  artistPageSchema,
  artistSuggestionSchema,
  artistSuggestionsQuerySchema,
  catalogueIdParams,
  venuePageSchema,
} from '#shared/schemas/catalogue';
import { errorSchema } from '#shared/schemas/common';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import type { WriteLimits } from '#server/config.ts';
import { cachedRead } from '#server/plugins/response-cache.ts';
import {
  artistPageCacheSlot,
  getArtistPage,
  getVenuePage,
  setArtistFollow,
  venuePageCacheSlot,
  withViewerFollow,
} from './service.ts';
import { getArtistSuggestions } from './suggestions.ts';

/** Artist and venue pages, open to anyone; following an artist needs a session. */
export const catalogueRoutes: FastifyPluginAsyncZod<{ limits: WriteLimits }> = async (
  app,
  { limits },
) => {
  app.get(
    '/artists/:id',
    cachedRead({
      schema: {
        tags: ['catalogue'],
        summary:
          'An artist: aspect averages (all time, last 12 months), a monthly trend, shows, songs loved live',
        params: catalogueIdParams,
        response: { 200: artistPageSchema, 404: errorSchema },
      },
      read: ({ params, ctx }) => getArtistPage(ctx, params.id),
      slot: ({ params }) => artistPageCacheSlot(params.id),
      personal: ({ ctx }, shared) => withViewerFollow(ctx, shared),
    }),
  );

  app.get(
    '/venues/:id',
    cachedRead({
      schema: {
        tags: ['catalogue'],
        summary:
          'A venue: details, aspect averages (all time, last 12 months), a monthly trend, shows, its best-rated shows',
        params: catalogueIdParams,
        response: { 200: venuePageSchema, 404: errorSchema },
      },
      read: ({ params, ctx }) => getVenuePage(ctx, params.id),
      slot: ({ params }) => venuePageCacheSlot(params.id),
    }),
  );

  await signedInRoutes(app, (routes) => {
    routes.get(
      '/artists/suggestions',
      {
        schema: {
          tags: ['catalogue'],
          summary:
            'Artists to follow: those of the latest and coming shows in a city and genres, the most followed first',
          querystring: artistSuggestionsQuerySchema,
          response: { 200: z.array(artistSuggestionSchema), 400: errorSchema },
        },
      },
      async ({ query, ctx }) => getArtistSuggestions(ctx, query),
    );

    for (const [method, follow] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      routes.route({
        method,
        url: '/artists/:id/follow',
        schema: {
          tags: ['catalogue'],
          summary: follow
            ? 'Follow an artist (following twice is following once)'
            : 'Unfollow an artist (fine if not followed)',
          params: catalogueIdParams,
          response: { 200: artistFollowStateSchema, 404: errorSchema, 429: errorSchema },
        },
        handler: async (request) => setArtistFollow(request.ctx, request.params.id, follow, limits),
      });
    }
  });
};
