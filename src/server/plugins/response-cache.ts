import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { isSignedIn, type ServiceContext, type SignedInContext } from '../lib/service-context.ts';
import { ReadCache, type CacheSlot } from '../read-cache.ts';
import { EncodedJson } from '../lib/encoded-json.ts';

/**
 * A serialized answer, its entity tag and the tags of everything it shows. The body is kept
 * as the bytes sent, so a hit writes them as they are instead of encoding the text again.
 */
export interface CachedBody {
  body: Buffer;
  etag: string;
  tags: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ReadCache<CachedBody>;
    /** What a public cached read tells browsers and proxies: as long as the server keeps it. */
    publicReadCacheControl: string;
  }
}

/**
 * Bounds the memory of the cache by the bytes of its bodies (32 MB: 500 pages of 100
 * concerts, or thousands of small pages), and their number. A count alone held too few
 * small bodies: 500 pages of comments read in turn each pushed out the next one asked for.
 */
const MAX_CACHED_BYTES = 32 * 1024 * 1024;
const MAX_CACHED_BODIES = 10_000;

/**
 * Makes a cache of serialized JSON bodies available as `app.responseCache` (off when
 * ttlSeconds is 0): a body is fresh for ttlSeconds, then answered as long again while it
 * is refreshed in the background.
 */
export const responseCachePlugin = fp(
  async (app: FastifyInstance, options: { ttlSeconds: number; wholeTagsTtlSeconds: number }) => {
    app.decorate(
      'responseCache',
      new ReadCache<CachedBody>({
        ttlMs: options.ttlSeconds * 1000,
        wholeTagsTtlMs: options.wholeTagsTtlSeconds * 1000,
        staleMs: options.ttlSeconds * 1000,
        maxEntries: MAX_CACHED_BODIES,
        maxWeight: MAX_CACHED_BYTES,
        weigh: (cached: CachedBody) => cached.body.length,
        onRefreshError: (error) =>
          app.log.warn({ err: error }, 'refreshing a cached response failed; serving it stale'),
        onLookup: app.metrics.cacheLookup,
      }),
    );
    app.decorate(
      'publicReadCacheControl',
      options.ttlSeconds > 0 ? `public, max-age=${options.ttlSeconds}` : 'no-cache',
    );
  },
  { name: 'response-cache', dependencies: ['metrics'] },
);

/**
 * API answers may depend on who asks, so none is kept by a browser or proxy unless its
 * route says otherwise (as sendJsonRead does for public reads).
 */
export const noStoreUnlessSaid: onSendHookHandler = (_request, reply, payload, done) => {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  done(null, payload);
};

/** What a read answers: a value of the schema, or JSON text already in its shape. */
export type ReadAnswer<S extends z.ZodType> = z.output<S> | EncodedJson<z.output<S>>;

/** The JSON text of `answer` as the schema serializes it; encoded text as it is. */
function encodeAnswer<S extends z.ZodType>(schema: S, answer: ReadAnswer<S>): string {
  return answer instanceof EncodedJson ? answer.text : JSON.stringify(z.encode(schema, answer));
}

/**
 * Answers read()'s value as the JSON Fastify would send under the route's zod response
 * schema; with a slot, the body comes from the response cache when it holds one, browsers
 * may keep it as long, and it carries an ETag: a browser that already has that body gets
 * a 304 without it. (EncodedJson is sent as it is, not serialized again.)
 * Without a slot the answer is the viewer's own and is not stored anywhere.
 */
export async function sendJsonRead<S extends z.ZodType>(
  reply: FastifyReply,
  schema: S,
  read: () => Promise<ReadAnswer<S>>,
  slot?: CacheSlot<z.output<S>>,
): Promise<FastifyReply> {
  // With the cache off (RESPONSE_CACHE_SECONDS=0) a public read is answered as a private
  // one is: its ETag and tags would be worked out for every request and kept for none.
  if (!slot || !reply.server.responseCache.enabled) {
    return reply.type(JSON_TYPE).send(encodeAnswer(schema, await read()));
  }
  const { body, etag } = await cachedBody(reply, schema, read, slot);
  reply
    .header(
      'cache-control',
      slot.browsersMayKeep === false ? 'no-cache' : reply.server.publicReadCacheControl,
    )
    // The same URL answers a signed-in viewer differently (their likes): caches keep them apart.
    .header('vary', 'cookie')
    .header('etag', etag);
  if (matchesEntityTag(reply.request.headers['if-none-match'], etag)) {
    return reply.status(304).send();
  }
  return reply.type(JSON_TYPE).send(body);
}

/** The body of read()'s value from the response cache, read and kept there on a miss. */
function cachedBody<S extends z.ZodType>(
  reply: FastifyReply,
  schema: S,
  read: () => Promise<ReadAnswer<S>>,
  slot: CacheSlot<z.output<S>>,
): Promise<CachedBody> {
  const readTagged = async (): Promise<CachedBody> => {
    const answer = await read();
    const text = encodeAnswer(schema, answer);
    return {
      body: Buffer.from(text),
      etag: entityTag(text),
      tags: [...slot.tags, ...tagsOfAnswer(slot, answer)],
    };
  };
  return reply.server.responseCache.get(slot.key, readTagged, (v) => v.tags, {
    wholeTags: slot.wholeTags,
  });
}

/** The answer as its JSON would read back: the schema's encoding of a value. */
function encodedValue<S extends z.ZodType>(schema: S, answer: ReadAnswer<S>): z.input<S> {
  return answer instanceof EncodedJson
    ? (JSON.parse(answer.text) as z.input<S>)
    : z.encode(schema, answer);
}

/** The tags a slot reads from its value; a slot that has them needs the value, not its text. */
function tagsOfAnswer<T>(slot: CacheSlot<T>, answer: T | EncodedJson<T>): readonly string[] {
  if (!slot.tagsOf) return [];
  if (answer instanceof EncodedJson) {
    throw new Error(`the cache slot ${slot.key} reads tags from its value, which came encoded`);
  }
  return slot.tagsOf(answer);
}

/**
 * A shared read with one detail of the viewer's own (whether they follow the artist): the
 * shared answer comes from the response cache as visitors get it, and `personalize` sets
 * the detail on the viewer's copy, which is theirs alone and is not stored anywhere.
 */
export async function sendPersonalRead<S extends z.ZodType>(
  reply: FastifyReply,
  schema: S,
  read: () => Promise<ReadAnswer<S>>,
  slot: CacheSlot<z.output<S>>,
  personalize: (shared: z.input<S>) => Promise<z.input<S>>,
): Promise<FastifyReply> {
  const shared = reply.server.responseCache.enabled
    ? (JSON.parse((await cachedBody(reply, schema, read, slot)).body.toString()) as z.input<S>)
    : encodedValue(schema, await read());
  return reply.type(JSON_TYPE).send(JSON.stringify(await personalize(shared)));
}

/** The schema of a read: its path and query, and the answer it gives. */
interface ReadSchema {
  params?: z.ZodType;
  querystring?: z.ZodType;
  response: { 200: z.ZodType };
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a read is given: the request's parsed path and query, and its context. */
export interface ReadInput<S extends ReadSchema> {
  params: Parsed<S['params']>;
  query: Parsed<S['querystring']>;
  ctx: ServiceContext;
}

/**
 * A public read, as route options: its schema as written, and a handler that answers what
 * `read` returns through sendJsonRead, serialized by the schema's 200 answer and, when
 * `slot` names one, kept in the response cache.
 */
export function cachedRead<S extends ReadSchema>(route: {
  schema: S & Record<string, unknown>;
  read: (input: ReadInput<S>) => Promise<ReadAnswer<S['response'][200]>>;
  slot?: (input: ReadInput<S>) => CacheSlot<z.output<S['response'][200]>> | undefined;
  /** For a signed-in reader: their copy of the shared answer (sendPersonalRead). */
  personal?: (
    input: ReadInput<S> & { ctx: SignedInContext },
    shared: z.input<S['response'][200]>,
  ) => Promise<z.input<S['response'][200]>>;
}) {
  const { schema, read, slot, personal } = route;
  return {
    schema,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      // Fastify has validated both against this schema before the handler runs.
      const input = { params: request.params, query: request.query, ctx: request.ctx };
      const parsed = input as ReadInput<S>;
      const { ctx } = parsed;
      const kept = slot?.(parsed);
      if (personal && kept && isSignedIn(ctx)) {
        return sendPersonalRead<S['response'][200]>(
          reply,
          schema.response[200],
          () => read(parsed),
          kept,
          (shared) => personal({ ...parsed, ctx }, shared),
        );
      }
      return sendJsonRead<S['response'][200]>(
        reply,
        schema.response[200],
        () => read(parsed),
        kept,
      );
    },
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A weak tag: the same JSON, not necessarily the same bytes on the wire (compression). */
function entityTag(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match holds `*` or a list of tags, compared weakly (RFC 9110, 13.1.2). */
export function matchesEntityTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((given) => given.trim().replace(/^W\//, '') === opaque);
}
