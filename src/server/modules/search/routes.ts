import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common';
import { searchGroupsSchema, searchPageSchema, searchQuerySchema } from '#shared/schemas/search';
import { search } from './service.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Artists, venues, concerts and (signed in) people matching `q`, forgiving case, accents, punctuation and typos: the first few of each group, or with `type` one group a page at a time (`cursor` is the last page’s nextCursor)',
        querystring: searchQuerySchema,
        response: {
          200: searchGroupsSchema.or(searchPageSchema),
          400: errorSchema,
          401: errorSchema,
        },
      },
    },
    async (request) => search(request.ctx, request.query),
  );
};
