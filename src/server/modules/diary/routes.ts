import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParams } from '#shared/schemas/common';
import {
  diaryPageSchema,
  diaryQuerySchema,
  diaryStatsSchema,
  ownDiaryPageSchema,
} from '#shared/schemas/diary';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import { getDiary, getDiaryStats, getOwnDiary } from './service.ts';

const tags = ['diary'];
const readErrors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

/** A person's diary and its numbers: signed in, one's own or someone else's as their History. */
export const diaryRoutes: FastifyPluginAsyncZod = async (app) => {
  await signedInRoutes(app, (routes) => {
    routes.get(
      '/users/me/diary',
      {
        schema: {
          tags,
          summary:
            'Your diary: the shows you were at, newest first (filters year, artist, venue, city), each with your private ticket details, and on the first page "Did you go?", your past Going marks',
          querystring: diaryQuerySchema,
          response: { 200: ownDiaryPageSchema, 400: errorSchema },
        },
      },
      async ({ query, ctx }) => getOwnDiary(ctx, query),
    );

    routes.get(
      '/users/me/diary/stats',
      {
        schema: {
          tags,
          summary:
            'The numbers of your diary: shows, artists, venues, cities, countries, songs heard live and the most of each',
          response: { 200: diaryStatsSchema },
        },
      },
      async ({ ctx }) => getDiaryStats(ctx, 'me'),
    );

    routes.get(
      '/users/:id/diary',
      {
        schema: {
          tags,
          summary:
            "A person's diary, as their History tab is shown (403 when they keep it private, or their account is private and you do not follow them)",
          params: idParams,
          querystring: diaryQuerySchema,
          response: { 200: diaryPageSchema, ...readErrors },
        },
      },
      async ({ params, query, ctx }) => getDiary(ctx, params.id, query),
    );

    routes.get(
      '/users/:id/diary/stats',
      {
        schema: {
          tags,
          summary: "The numbers of a person's diary, shown as their diary is",
          params: idParams,
          response: { 200: diaryStatsSchema, ...readErrors },
        },
      },
      async ({ params, ctx }) => getDiaryStats(ctx, params.id),
    );
  });
};
