import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceLookupQuerySchema,
  attendanceLookupSchema,
  attendanceSchema,
  concertFriendsSchema,
  markAttendanceBodySchema,
  savedTicketSchema,
  ticketBodySchema,
  UPCOMING_GOING_MAX,
  upcomingGoingSchema,
} from '#shared/schemas/attendance';
import { errorSchema } from '#shared/schemas/common';
import { concertIdParams } from '#shared/schemas/concerts';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import { listConcertFriends, listUpcomingGoing, lookupOwnAttendance } from './friends.ts';
import { markAttendance, removeAttendance } from './service.ts';
import { saveTicket } from './ticket.ts';

/** A person's own marks on concerts, and those of the people they follow: signed in only. */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  await signedInRoutes(app, (routes) => {
    routes.put(
      '/concerts/:id/attendance',
      {
        schema: {
          tags: ['attendance'],
          summary:
            'Mark a concert "going" (still to come) or "attended" (201 when new, 200 when it was marked)',
          params: concertIdParams,
          body: markAttendanceBodySchema,
          response: {
            200: attendanceSchema,
            201: attendanceSchema,
            400: errorSchema,
            404: errorSchema,
            503: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const { attendance, created } = await markAttendance(
          request.ctx,
          request.params.id,
          request.body.status,
        );
        return reply.status(created ? 201 : 200).send(attendance);
      },
    );

    routes.delete(
      '/concerts/:id/attendance',
      {
        schema: {
          tags: ['attendance'],
          summary:
            "Remove one's mark (204 whether or not there was one; 409 for attended while one's review stands)",
          params: concertIdParams,
          response: { 204: z.null(), 409: errorSchema },
        },
      },
      async (request, reply) => {
        await removeAttendance(request.ctx, request.params.id);
        return reply.status(204).send(null);
      },
    );

    routes.put(
      '/concerts/:id/attendance/ticket',
      {
        schema: {
          tags: ['attendance'],
          summary:
            'Your ticket details on your mark: seat, price paid, people you follow you went with, a note; all written at once, seen by nobody else (404 without a mark)',
          params: concertIdParams,
          body: ticketBodySchema,
          response: { 200: savedTicketSchema, 400: errorSchema, 404: errorSchema },
        },
      },
      async (request) => saveTicket(request.ctx, request.params.id, request.body),
    );

    routes.get(
      '/concerts/:id/friends',
      {
        schema: {
          tags: ['attendance'],
          summary:
            'The people one follows who marked a concert ("Friends going", "Friends who were there"), the latest 12 and how many',
          params: concertIdParams,
          response: { 200: concertFriendsSchema },
        },
      },
      async (request) => listConcertFriends(request.ctx, request.params.id),
    );

    routes.get(
      '/users/me/attendance',
      {
        schema: {
          tags: ['attendance'],
          summary:
            "One's own marks among up to 100 concerts (concertIds=a,b,c), each with one's review of it if any, for concert cards",
          querystring: attendanceLookupQuerySchema,
          response: { 200: attendanceLookupSchema, 400: errorSchema },
        },
      },
      async (request) => lookupOwnAttendance(request.ctx, request.query.concertIds),
    );

    routes.get(
      '/users/me/going',
      {
        schema: {
          tags: ['attendance'],
          summary: `One's "Going" shows still to come, soonest first (at most ${UPCOMING_GOING_MAX})`,
          response: { 200: upcomingGoingSchema },
        },
      },
      async (request) => listUpcomingGoing(request.ctx),
    );
  });
};
