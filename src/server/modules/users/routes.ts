import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParams } from '#shared/schemas/common';
import { concertHistoryQuerySchema, concertListItemSchema } from '#shared/schemas/concerts';
import {
  blockStateSchema,
  currentUserSchema,
  followRequestAnswerSchema,
  followedArtistSchema,
  followedArtistsQuerySchema,
  followRequestPageSchema,
  followStateSchema,
  userListQuerySchema,
  usernameParams,
  userProfileSchema,
  userSearchQuerySchema,
  userStatsSchema,
  userSuggestionsQuerySchema,
  userSummarySchema,
} from '#shared/schemas/users';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import type { WriteLimits } from '#server/config.ts';
import { blockUser, listBlocks, unblockUser } from './blocking.ts';
import {
  approveFollowRequest,
  declineFollowRequest,
  followUser,
  listFollowRequests,
  listFollows,
  removeFollower,
  unfollowUser,
} from './follows.ts';
import {
  getConcertHistory,
  getCurrentUser,
  getUserProfile,
  getUserStats,
  searchUsers,
} from './service.ts';
import { getSuggestions } from './suggestions.ts';
import { listFollowedArtists } from './followed-artists.ts';

const tags = ['users'];
const userListSchema = z.array(userSummarySchema);
const readErrors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

export const usersRoutes: FastifyPluginAsyncZod<{ limits: WriteLimits }> = async (
  app,
  { limits },
) => {
  await signedInRoutes(app, (routes) => {
    routes.get(
      '/user',
      {
        schema: {
          tags,
          summary: 'The signed-in user',
          response: { 200: currentUserSchema },
        },
      },
      async (request) => getCurrentUser(request.ctx),
    );

    routes.get(
      '/users/search',
      {
        schema: {
          tags,
          summary: 'Find people by username or name (at least 2 characters), best matches first',
          querystring: userSearchQuerySchema,
          response: { 200: userListSchema, 400: errorSchema },
        },
      },
      async ({ query, ctx }) => searchUsers(ctx, query),
    );

    routes.get(
      '/users/suggestions',
      {
        schema: {
          tags,
          summary:
            'People to follow, best first: who reviewed the same shows or artists as you, then top reviewers in your city, then recent reviewers who like your genres',
          querystring: userSuggestionsQuerySchema,
          response: { 200: userListSchema, 400: errorSchema },
        },
      },
      async ({ query, ctx }) => getSuggestions(ctx, query),
    );

    routes.get(
      '/users/me/blocks',
      {
        schema: {
          tags,
          summary: 'The people you blocked, newest block first',
          querystring: userListQuerySchema,
          response: { 200: userListSchema, 400: errorSchema },
        },
      },
      async ({ query, ctx }) => listBlocks(ctx, query),
    );

    routes.post(
      '/users/:id/block',
      {
        schema: {
          tags,
          summary:
            'Block a person: follows end both ways, and neither of you sees or reaches the other (blocking twice is blocking once)',
          params: idParams,
          response: { 200: blockStateSchema, ...readErrors },
        },
      },
      async ({ params, ctx }) => blockUser(ctx, params.id),
    );

    routes.delete(
      '/users/:id/block',
      {
        schema: {
          tags,
          summary: 'Unblock a person (fine if you had not blocked them); follows do not come back',
          params: idParams,
          response: { 200: blockStateSchema, ...readErrors },
        },
      },
      async ({ params, ctx }) => unblockUser(ctx, params.id),
    );

    routes.get(
      '/users/username/:username',
      {
        schema: {
          tags,
          summary: "A person's profile by username (any case)",
          params: usernameParams,
          response: { 200: userProfileSchema, ...readErrors },
        },
      },
      async ({ params, ctx }) => getUserProfile(ctx, { username: params.username }),
    );

    routes.get(
      '/users/:id',
      {
        schema: {
          tags,
          summary: "A person's profile: who they are, their numbers, whether you follow them",
          params: idParams,
          response: { 200: userProfileSchema, ...readErrors },
        },
      },
      async ({ params, ctx }) => getUserProfile(ctx, { id: params.id }),
    );

    routes.get(
      '/users/:id/stats',
      {
        schema: {
          tags,
          summary:
            "A person's concerts, reviews, follows, average rating and the likes and comments they got",
          params: idParams,
          response: { 200: userStatsSchema, ...readErrors },
        },
      },
      async ({ params, ctx }) => getUserStats(ctx, params.id),
    );

    routes.get(
      '/users/:id/followers',
      {
        schema: {
          tags,
          summary:
            "The people who follow this person, newest follow first (403: a private person's, to someone who does not follow them)",
          params: idParams,
          querystring: userListQuerySchema,
          response: { 200: userListSchema, ...readErrors },
        },
      },
      async ({ params, query, ctx }) => listFollows(ctx, 'followers', params.id, query),
    );

    routes.get(
      '/users/:id/following',
      {
        schema: {
          tags,
          summary:
            "The people this person follows, newest follow first (403: a private person's, to someone who does not follow them)",
          params: idParams,
          querystring: userListQuerySchema,
          response: { 200: userListSchema, ...readErrors },
        },
      },
      async ({ params, query, ctx }) => listFollows(ctx, 'following', params.id, query),
    );

    routes.get(
      '/users/:id/artists',
      {
        schema: {
          tags,
          summary:
            "The artists this person follows, newest follow first (403: a private person's, to someone who does not follow them)",
          params: idParams,
          querystring: followedArtistsQuerySchema,
          response: { 200: z.array(followedArtistSchema), ...readErrors },
        },
      },
      async ({ params, query, ctx }) => listFollowedArtists(ctx, params.id, query),
    );

    routes.post(
      '/users/:id/follow',
      {
        schema: {
          tags,
          summary:
            'Follow a person (following twice is following once); a private person is asked first (a follow request)',
          params: idParams,
          response: { 200: followStateSchema, ...readErrors, 429: errorSchema },
        },
      },
      async ({ params, ctx }) => followUser(ctx, params.id, limits),
    );

    routes.delete(
      '/users/:id/follow',
      {
        schema: {
          tags,
          summary:
            'Stop following a person, or withdraw a follow request (fine if you did neither)',
          params: idParams,
          response: { 200: followStateSchema, ...readErrors, 429: errorSchema },
        },
      },
      async ({ params, ctx }) => unfollowUser(ctx, params.id, limits),
    );

    routes.get(
      '/users/:id/history',
      {
        schema: {
          tags,
          summary:
            'The past concerts a person reviewed, newest first (403 when they keep it private, or their account is private and you do not follow them)',
          params: idParams,
          querystring: concertHistoryQuerySchema,
          response: { 200: z.array(concertListItemSchema), ...readErrors },
        },
      },
      async ({ params, query, ctx }) => getConcertHistory(ctx, params.id, query),
    );

    routes.delete(
      '/users/me/followers/:id',
      {
        schema: {
          tags,
          summary: 'Remove follower: this person no longer follows you (they are not told)',
          params: idParams,
          response: { 200: followStateSchema, ...readErrors },
        },
      },
      async ({ params, ctx }) => removeFollower(ctx, params.id),
    );

    routes.get(
      '/follow-requests',
      {
        schema: {
          tags,
          summary:
            'The people asking to follow you (a private account), newest first, and how many',
          querystring: userListQuerySchema,
          response: { 200: followRequestPageSchema, ...readErrors },
        },
      },
      async ({ query, ctx }) => listFollowRequests(ctx, query),
    );

    routes.post(
      '/follow-requests/:id/approve',
      {
        schema: {
          tags,
          summary: "Approve this person's follow request: they follow you from now on",
          params: idParams,
          response: { 200: followRequestAnswerSchema, ...readErrors },
        },
      },
      async ({ params, ctx }) => approveFollowRequest(ctx, params.id),
    );

    routes.post(
      '/follow-requests/:id/decline',
      {
        schema: {
          tags,
          summary: "Decline this person's follow request (they may ask again; they are not told)",
          params: idParams,
          response: { 200: followRequestAnswerSchema, ...readErrors },
        },
      },
      async ({ params, ctx }) => declineFollowRequest(ctx, params.id),
    );
  });
};
