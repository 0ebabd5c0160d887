import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedParams,
  calendarFeedSchema,
  calendarFeedUpdateSchema,
} from '#shared/schemas/calendar';
import { errorSchema } from '#shared/schemas/common';
import { concertIdParams } from '#shared/schemas/concerts';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import { matchesEntityTag } from '#server/plugins/response-cache.ts';
import {
  concertCalendarFile,
  getCalendarFeed,
  readCalendarFeed,
  resetCalendarFeed,
  updateCalendarFeed,
} from './service.ts';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** Calendars: a concert's .ics, the private feed, and the feed's settings. */
export const calendarRoutes: FastifyPluginAsyncZod<{
  publicUrl: string;
  /** CONCERT_REMINDER_HOURS: the lead of the feed's alarms of "Going" shows. */
  reminderHours: number;
}> = async (app, { publicUrl, reminderHours }) => {
  app.get(
    '/concerts/:id/calendar.ics',
    {
      schema: {
        tags: ['calendar'],
        summary: 'The concert as an iCalendar file, in its venue’s time zone',
        params: concertIdParams,
        response: { 200: z.string(), 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { fileName, text } = await concertCalendarFile(
        request.ctx,
        request.params.id,
        publicUrl,
      );
      return reply
        .type(CALENDAR_TYPE)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(text);
    },
  );

  app.get(
    '/calendar/:file',
    {
      schema: {
        tags: ['calendar'],
        summary:
          "A person's private calendar feed (no sign-in: the token in the address is the key)",
        params: calendarFeedParams,
        response: { 200: z.string(), 304: z.null(), 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { text, etag } = await readCalendarFeed(
        request.ctx,
        request.params.file,
        publicUrl,
        reminderHours,
      );
      // Calendar apps ask again on their own timetable: each ask is checked against the
      // database (no-cache), and one that holds this text already gets a 304.
      reply.header('cache-control', 'private, no-cache').header('etag', etag);
      if (matchesEntityTag(request.headers['if-none-match'], etag)) {
        return reply.status(304).send(null);
      }
      return reply.type(CALENDAR_TYPE).send(text);
    },
  );

  await signedInRoutes(app, (routes) => {
    routes.get(
      '/users/me/calendar-feed',
      {
        schema: {
          tags: ['calendar'],
          summary: "The signed-in user's private calendar feed address (made on first ask)",
          response: { 200: calendarFeedSchema },
        },
      },
      async (request) => getCalendarFeed(request.ctx),
    );

    routes.patch(
      '/users/me/calendar-feed',
      {
        schema: {
          tags: ['calendar'],
          summary: 'Whether the feed also lists followed artists’ upcoming shows in one’s cities',
          body: calendarFeedUpdateSchema,
          response: { 200: calendarFeedSchema, 400: errorSchema },
        },
      },
      async (request) => updateCalendarFeed(request.ctx, request.body.includeFollowedArtists),
    );

    routes.post(
      '/users/me/calendar-feed/reset',
      {
        schema: {
          tags: ['calendar'],
          summary: 'A new feed address; the old one answers 404 from now on',
          response: { 200: calendarFeedSchema },
        },
      },
      async (request) => resetCalendarFeed(request.ctx),
    );
  });
};
