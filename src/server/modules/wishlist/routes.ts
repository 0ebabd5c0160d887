import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#shared/schemas/common';
import { concertListItemSchema } from '#shared/schemas/concerts';
import {
  addToWishlistBodySchema,
  wishlistConcertParams,
  wishlistEntrySchema,
} from '#shared/schemas/wishlist';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import {
  addToWishlist,
  listWishlistConcerts,
  listWishlistEntries,
  removeFromWishlist,
} from './service.ts';

/** Every wishlist route is the signed-in user's own. */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  await signedInRoutes(app, (routes) => {
    routes.get(
      '/wishlist',
      {
        schema: {
          tags: ['wishlist'],
          summary: "The signed-in user's wishlist entries, newest first",
          response: { 200: z.array(wishlistEntrySchema) },
        },
      },
      async (request) => listWishlistEntries(request.ctx),
    );

    routes.post(
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
            404: errorSchema,
            503: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const { entry, created } = await addToWishlist(request.ctx, request.body.concertId);
        return reply.status(created ? 201 : 200).send(entry);
      },
    );

    routes.delete(
      '/wishlist/:concertId',
      {
        schema: {
          tags: ['wishlist'],
          summary: 'Remove a concert from the wishlist (204 whether or not it was there)',
          params: wishlistConcertParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removeFromWishlist(request.ctx, request.params.concertId);
        return reply.status(204).send(null);
      },
    );

    routes.get(
      '/users/me/wishlist',
      {
        schema: {
          tags: ['wishlist'],
          summary: "The signed-in user's saved concerts with average ratings, newest saved first",
          response: { 200: z.array(concertListItemSchema) },
        },
      },
      async (request) => listWishlistConcerts(request.ctx),
    );
  });
};
