import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParams } from '#shared/schemas/common';
import {
  concertIdParams,
  reviewedConcertSchema,
  reviewedConcertsQuerySchema,
} from '#shared/schemas/concerts';
import {
  commentListQuerySchema,
  commentSchema,
  createCommentBodySchema,
  createReviewBodySchema,
  likesSchema,
  reviewCommentsParams,
  reviewContentSchema,
  reviewListQuerySchema,
  reviewPageQuerySchema,
  reviewSchema,
  userReviewsQuerySchema,
} from '#shared/schemas/reviews';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import type { CommentLimits, WriteLimits } from '#server/config.ts';
import { cachedRead, sendJsonRead } from '#server/plugins/response-cache.ts';
import { addComment, commentPage, deleteComment } from './comments.ts';
import { getLikes, likeReview, unlikeReview } from './likes.ts';
import {
  createReview,
  deleteReview,
  getReview,
  listConcertReviews,
  listReviewedConcerts,
  listReviews,
  listUserReviews,
  updateReview,
} from './service.ts';
import { reviewListCacheSlot, reviewPageCacheSlot } from './review-view.ts';

const reviewListSchema = z.array(reviewSchema);
const commentListSchema = z.array(commentSchema);
const tags = ['reviews'];
const writeErrors = {
  400: errorSchema,
  403: errorSchema,
  404: errorSchema,
};

/** Reading reviews needs no sign-in; writing, liking and commenting do. */
export const reviewsRoutes: FastifyPluginAsyncZod<{
  commentLimits: CommentLimits;
  limits: WriteLimits;
}> = async (app, { commentLimits, limits }) => {
  app.get(
    '/reviews',
    cachedRead({
      schema: {
        tags,
        summary:
          'Reviews, newest first (sort=recent) or Trending (sort=rating); feed=following: those of the people you follow',
        querystring: reviewListQuerySchema,
        response: { 200: reviewListSchema, 400: errorSchema, 401: errorSchema },
      },
      read: ({ query, ctx }) => listReviews(ctx, query),
      slot: ({ query, ctx }) => reviewListCacheSlot(ctx.viewerId, query),
    }),
  );

  app.get(
    '/reviews/:id',
    {
      schema: {
        tags,
        summary: 'One review',
        params: idParams,
        response: { 200: reviewSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async ({ params, ctx }) => getReview(ctx, params.id),
  );

  app.get(
    '/reviews/:id/likes',
    {
      schema: {
        tags,
        summary: 'How many people liked a review, and whether the viewer did',
        params: idParams,
        response: { 200: likesSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async ({ params, ctx }) => getLikes(ctx, params.id),
  );

  app.get(
    '/reviews/:reviewId/comments',
    {
      schema: {
        tags,
        summary: "A review's comments, oldest first",
        params: reviewCommentsParams,
        querystring: commentListQuerySchema,
        response: { 200: commentListSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async ({ params, query, ctx }, reply) => {
      const page = await commentPage(ctx, params.reviewId, query);
      return sendJsonRead(reply, commentListSchema, page.read, page.slot);
    },
  );

  app.get(
    '/concerts/:id/reviews',
    cachedRead({
      schema: {
        tags,
        summary: 'Reviews of a concert, newest first',
        params: concertIdParams,
        querystring: reviewPageQuerySchema,
        response: { 200: reviewListSchema, 400: errorSchema, 404: errorSchema },
      },
      read: ({ params, query, ctx }) => listConcertReviews(ctx, params.id, query),
      slot: ({ params, query, ctx }) => reviewPageCacheSlot(params.id, ctx.viewerId, query),
    }),
  );

  app.get(
    '/users/:id/reviews',
    cachedRead({
      schema: {
        tags,
        summary:
          "A person's reviews, newest first (403: a private person's, to someone who does not follow them)",
        params: idParams,
        querystring: userReviewsQuerySchema,
        response: {
          200: reviewListSchema,
          400: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
      read: ({ params, query, ctx }) => listUserReviews(ctx, params.id, query),
    }),
  );

  await signedInRoutes(app, (routes) => {
    routes.get(
      '/users/me/reviewed-concerts',
      {
        schema: {
          tags,
          summary:
            'Which of these concerts (concertIds, comma-separated) you reviewed, with your review',
          querystring: reviewedConcertsQuerySchema,
          response: { 200: z.array(reviewedConcertSchema), 400: errorSchema },
        },
      },
      async ({ query, ctx }) => listReviewedConcerts(ctx, query.concertIds),
    );

    routes.post(
      '/reviews',
      {
        schema: {
          tags,
          summary: 'Review a concert that has happened (one review per person and concert)',
          body: createReviewBodySchema,
          response: {
            201: reviewSchema,
            ...writeErrors,
            409: errorSchema,
            429: errorSchema,
            503: errorSchema,
          },
        },
      },
      async ({ body, ctx }, reply) => reply.status(201).send(await createReview(ctx, body, limits)),
    );

    routes.put(
      '/reviews/:id',
      {
        schema: {
          tags,
          summary: "Replace the author's ratings, text and photos",
          params: idParams,
          body: reviewContentSchema,
          response: { 200: reviewSchema, ...writeErrors },
        },
      },
      async ({ params, body, ctx }) => updateReview(ctx, params.id, body),
    );

    routes.delete(
      '/reviews/:id',
      {
        schema: {
          tags,
          summary: 'Delete a review with its likes, comments and files',
          params: idParams,
          response: { 204: z.null(), ...writeErrors, 429: errorSchema },
        },
      },
      async ({ params, ctx }, reply) => {
        await deleteReview(ctx, params.id, limits);
        return reply.status(204).send(null);
      },
    );

    routes.post(
      '/reviews/:id/like',
      {
        schema: {
          tags,
          summary: 'Like a review (liking twice is liking once)',
          params: idParams,
          response: { 200: likesSchema, ...writeErrors },
        },
      },
      async ({ params, ctx }) => likeReview(ctx, params.id),
    );

    routes.delete(
      '/reviews/:id/like',
      {
        schema: {
          tags,
          summary: 'Take back a like (fine if there was none)',
          params: idParams,
          response: { 200: likesSchema, ...writeErrors },
        },
      },
      async ({ params, ctx }) => unlikeReview(ctx, params.id),
    );

    routes.post(
      '/reviews/:reviewId/comments',
      {
        schema: {
          tags,
          summary: 'Comment on a review (1 to 500 characters after trimming)',
          params: reviewCommentsParams,
          body: createCommentBodySchema,
          response: { 201: commentSchema, ...writeErrors, 429: errorSchema },
        },
      },
      async ({ params, body, ctx }, reply) =>
        reply
          .status(201)
          .send(await addComment(ctx, commentLimits, params.reviewId, body.commentText)),
    );

    routes.delete(
      '/comments/:id',
      {
        schema: {
          tags,
          summary: 'Delete your own comment, or any comment on your review',
          params: idParams,
          response: { 204: z.null(), ...writeErrors },
        },
      },
      async ({ params, ctx }, reply) => {
        await deleteComment(ctx, params.id);
        return reply.status(204).send(null);
      },
    );
  });
};
