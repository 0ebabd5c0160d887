import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common';
import { concertIdParams } from '#shared/schemas/concerts';
import { concertSetlistSchema } from '#shared/schemas/setlists';
import { getConcertSetlist } from './service.ts';

export const setlistsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/concerts/:id/setlist',
    {
      schema: {
        tags: ['concerts'],
        summary: "A concert's setlist with how many reviewers marked each song as a highlight",
        params: concertIdParams,
        response: { 200: concertSetlistSchema, 404: errorSchema, 503: errorSchema },
      },
    },
    async (request) => getConcertSetlist(request.ctx, request.params.id),
  );
};
