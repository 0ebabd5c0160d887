import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#shared/schemas/common';
import { concertListItemSchema } from '#shared/schemas/concerts';
import {
  addToWishlistBodySchema,
  wishlistConcertParams,
  wishlistEntrySchema,
} from '#shared/schemas/wishlist';
import {
  addToWishlist,
  listWishlistConcerts,
  listWishlistEntries,
  removeFromWishlist,
} from './service.ts';

export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wishlist',
    {
      schema: {
        tags: ['wishlist'],
        summary: "The signed-in user's wishlist entries, newest first",
        response: { 200: z.array(wishlistEntrySchema), 401: errorSchema },
      },
    },
    async (request) => listWishlistEntries(app.db, request.requireUser()),
  );

  app.post(
    '/wishlist',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Save a concert (201 when added, 200 when it was saved already)',
        body: addToWishlistBodySchema,
        response: {
          200: wishlistEntrySchema,
          201: wishlistEntrySchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const userId = request.requireUser();
      const deps = {
        db: app.db,
        providers: app.providers,
        log: request.log,
        cache: app.responseCache,
      };
      const { entry, created } = await addToWishlist(deps, userId, request.body.concertId);
      return reply.status(created ? 201 : 200).send(entry);
    },
  );

  app.delete(
    '/wishlist/:concertId',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Remove a concert from the wishlist (204 whether or not it was there)',
        params: wishlistConcertParams,
        response: { 204: z.null(), 401: errorSchema },
      },
    },
    async (request, reply) => {
      await removeFromWishlist(app.db, request.requireUser(), request.params.concertId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/users/me/wishlist',
    {
      schema: {
        tags: ['wishlist'],
        summary: "The signed-in user's saved concerts with average ratings, newest saved first",
        response: { 200: z.array(concertListItemSchema), 401: errorSchema },
      },
    },
    async (request) => listWishlistConcerts(app.db, request.requireUser()),
  );
};
