import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#shared/schemas/common';
import {
  concertDetailSchema,
  concertIdParams,
  concertListItemSchema,
  concertListQuerySchema,
  PROVIDERS_SKIPPED_HEADER,
  TOTAL_COUNT_HEADER,
  totalCountValue,
  type ConcertListQuery,
} from '#shared/schemas/concerts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import type { CallTerms } from '#server/integrations/provider-kit.ts';
import { sendJsonRead } from '#server/plugins/response-cache.ts';
import {
  concertListCacheSlot,
  concertTotalCacheSlot,
  countConcertList,
  getConcertDetail,
  getTicketmasterEvent,
  listConcerts,
  TicketmasterLeftOut,
} from './service.ts';

const concertListSchema = z.array(concertListItemSchema);

/**
 * The list, from the response cache when it holds it. When Ticketmaster's events were to
 * be merged but could not be had, the catalogue's list instead (cached as that list is),
 * with a header saying so; browsers must ask again before using it (`no-cache`), so the
 * full list comes back once Ticketmaster does.
 */
async function sendConcertList(
  reply: FastifyReply,
  ctx: ServiceContext,
  query: ConcertListQuery,
  terms: CallTerms,
) {
  try {
    await setTotalHeader(reply, ctx, query, terms);
    return await sendJsonRead(
      reply,
      concertListSchema,
      () => listConcerts(ctx, query, terms),
      concertListCacheSlot(query),
    );
  } catch (error) {
    if (!(error instanceof TicketmasterLeftOut)) throw error;
    const catalogue: ConcertListQuery = { ...query, includeTicketmaster: 'false' };
    reply.header(PROVIDERS_SKIPPED_HEADER, 'ticketmaster');
    await setTotalHeader(reply, ctx, catalogue);
    return sendJsonRead(reply, concertListSchema, () => listConcerts(ctx, catalogue), {
      ...concertListCacheSlot(catalogue),
      browsersMayKeep: false,
    });
  }
}

/**
 * The list's total in its header, from the response cache when it holds it (one entry for
 * all the pages of the same filters, dropped with the lists when concerts change).
 */
async function setTotalHeader(
  reply: FastifyReply,
  ctx: ServiceContext,
  query: ConcertListQuery,
  terms?: CallTerms,
) {
  const slot = concertTotalCacheSlot(query);
  const { body } = await reply.server.responseCache.get(
    slot.key,
    async () => ({
      body: Buffer.from(totalCountValue(await countConcertList(ctx, query, terms))),
      etag: '',
      tags: slot.tags,
    }),
    (value) => value.tags,
  );
  reply.header(TOTAL_COUNT_HEADER, body.toString());
}

export const concertsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/concerts',
    {
      schema: {
        tags: ['concerts'],
        summary:
          'Upcoming concerts by date, filtered, optionally with Ticketmaster events merged in',
        description: `When Ticketmaster's events cannot be had (it fails, or its calls are paused for a while), the list is Encore's own and the answer carries \`${PROVIDERS_SKIPPED_HEADER}: ticketmaster\`. Every page carries \`${TOTAL_COUNT_HEADER}\`: how many concerts the filters find over all pages ("10000+" past 10,000).`,
        querystring: concertListQuerySchema,
        response: { 200: concertListSchema, 400: errorSchema },
      },
    },
    async (request, reply) =>
      sendConcertList(
        reply,
        request.ctx,
        request.query,
        request.ctx.providers.forVisitor(request.ip),
      ),
  );

  app.get(
    '/concerts/:id',
    {
      schema: {
        tags: ['concerts'],
        summary:
          'One concert with its rating averages; tm_ and sfm_ ids may come from the provider',
        params: concertIdParams,
        response: { 200: concertDetailSchema, 404: errorSchema, 503: errorSchema },
      },
    },
    async (request) =>
      getConcertDetail(
        request.ctx,
        request.params.id,
        request.ctx.providers.forVisitor(request.ip),
      ),
  );

  app.get(
    '/ticketmaster/events/:id',
    {
      schema: {
        tags: ['concerts'],
        summary: 'A Ticketmaster event (tm_ id) as a concert',
        params: concertIdParams,
        response: { 200: concertDetailSchema, 404: errorSchema, 503: errorSchema },
      },
    },
    async (request) =>
      getTicketmasterEvent(
        request.ctx,
        request.params.id,
        request.ctx.providers.forVisitor(request.ip),
      ),
  );
};
