/**
 * Reference servers for the load benchmarks, started by concerts-load.ts and
 * reviews-load.ts as a separate process (node --import tsx bench/ceiling-server.ts):
 *
 * - a Fastify instance on FASTIFY_PORT, no plugins, with
 *   - GET /hello, a hello world: the HTTP ceiling of this machine;
 *   - PUT /bytes/<key> {responses: [{path, status, headers, body}]}, which stores responses
 *     the app gave, and GET /bytes/<key><path>, which answers the stored response of <path>
 *     (status, headers and body bytes) from memory: the ceiling of a cached read, what
 *     Fastify costs to send exactly what the app sends, with nothing computed per request;
 * - a bare node:http server on SQL_PORT that runs the app's own SQL (text and parameters
 *   taken from the exported Drizzle query builders) through a plain `pg` Pool of the
 *   same size as the app's, and answers JSON.stringify(rows): the ceiling for the same
 *   queries without Fastify plugins, validation, Drizzle mapping or zod serialisation.
 *
 * CEILING_QUERIES is the path of a JSON file { name: { sql, params, idParam? } }; when
 * idParam is set, GET /sql/<name>?id=<value> puts <value> into params[idParam]. With
 * ?prepared=1 the statement is sent as a named prepared statement (parsed and planned
 * once per connection, as Drizzle's `.prepare(name)` would), otherwise unnamed, as the
 * app sends it today. A signed-in statement (viewerParams, session) takes ?sid=<sid> and
 * first reads that session, as the app's session store does for every signed-in request.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';

export interface CeilingQuery {
  sql: string;
  params: unknown[];
  /** Index in params that the request's ?id= replaces. */
  idParam?: number;
  /** Index in params of the signed-in viewer, filled from the session (below). */
  viewerParams?: number[];
  /**
   * The session store's read, sid at sidParam: with ?sid= it runs first, named as the
   * store sends it, and the user id it answers goes to each of params[viewerParams].
   */
  session?: { sql: string; params: unknown[]; sidParam: number; name: string };
  /** Statements the app sends first for the same request (earlier search tiers), in order. */
  before?: { sql: string; params: unknown[]; viewerParams?: number[] }[];
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

/** The user id of the session `sid` names; null when there is none or it has expired. */
async function readViewer(
  pool: pg.Pool,
  query: CeilingQuery,
  sid: string | null,
): Promise<string | null> {
  if (!query.session || sid === null) return null;
  const values = [...query.session.params];
  values[query.session.sidParam] = sid;
  const result = await pool.query<{ expire: Date; user_id: string | null }>({
    name: query.session.name,
    text: query.session.sql,
    values,
  });
  const row = result.rows[0];
  return row && row.expire.getTime() > Date.now() ? row.user_id : null;
}

/** A response of the app as the bench saw it; the body is the UTF-8 text of its JSON. */
export interface SameBytesResponse {
  /** Path and query the app answered, e.g. /api/concerts?genre=rock. */
  path: string;
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

interface StoredResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** Stored app responses by key, then by path: the routes of the same-bytes ceiling. */
function addSameBytesRoutes(fastify: FastifyInstance): void {
  const stored = new Map<string, Map<string, StoredResponse>>();
  fastify.put<{ Params: { key: string }; Body: { responses: SameBytesResponse[] } }>(
    '/bytes/:key',
    // A rotating scenario's bodies together can pass Fastify's default limit of 1 MB.
    { bodyLimit: 64 * 1024 * 1024 },
    async (request, reply) => {
      const responses = new Map<string, StoredResponse>();
      for (const response of request.body.responses) {
        responses.set(response.path, {
          status: response.status,
          headers: response.headers,
          // Encoded once here, so a request costs only what sending a cached body costs.
          body: Buffer.from(response.body),
        });
      }
      stored.set(request.params.key, responses);
      return reply.code(204).send();
    },
  );
  fastify.get<{ Params: { key: string } }>('/bytes/:key/*', (request, reply) => {
    const prefix = `/bytes/${request.params.key}`;
    const response = stored.get(request.params.key)?.get(request.url.slice(prefix.length));
    if (!response) {
      void reply.code(404).send();
      return;
    }
    void reply.code(response.status).headers(response.headers).send(response.body);
  });
}

async function main(): Promise<void> {
  const queries = JSON.parse(readFileSync(requiredEnv('CEILING_QUERIES'), 'utf8')) as Record<
    string,
    CeilingQuery
  >;
  const pool = new pg.Pool({
    connectionString: requiredEnv('DATABASE_URL'),
    max: Number(process.env.POOL_SIZE ?? 10),
  });
  pool.on('error', () => {});

  const sqlServer = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = url.pathname.replace(/^\/sql\//, '');
    const query = queries[key];
    if (!query) {
      res.writeHead(404).end();
      return;
    }
    const params = [...query.params];
    if (query.idParam !== undefined) params[query.idParam] = url.searchParams.get('id');
    const name = url.searchParams.get('prepared') === '1' ? { name: key } : {};
    const sid = url.searchParams.get('sid');
    readViewer(pool, query, sid)
      .then(async (viewerId) => {
        // A sid that names no session would quietly measure an anonymous read instead.
        if (sid !== null && viewerId === null) return undefined;
        for (const i of query.viewerParams ?? []) params[i] = viewerId;
        for (const [n, first] of (query.before ?? []).entries()) {
          const values = [...first.params];
          for (const i of first.viewerParams ?? []) values[i] = viewerId;
          const firstName = 'name' in name ? { name: `${key}:${n}` } : {};
          await pool.query({ ...firstName, text: first.sql, values });
        }
        return pool.query({ ...name, text: query.sql, values: params });
      })
      .then(
        (result) => {
          if (!result) {
            res.writeHead(401).end();
            return;
          }
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify(result.rows));
        },
        (error: unknown) => {
          console.error(error);
          res.writeHead(500).end();
        },
      );
  });

  const fastify = Fastify({ logger: false });
  fastify.get('/hello', async () => ({ hello: 'world' }));
  addSameBytesRoutes(fastify);

  const host = '127.0.0.1';
  await new Promise<void>((resolve) =>
    sqlServer.listen(Number(requiredEnv('SQL_PORT')), host, resolve),
  );
  await fastify.listen({ port: Number(requiredEnv('FASTIFY_PORT')), host });

  const shutdown = () => {
    sqlServer.close();
    void fastify
      .close()
      .then(() => pool.end())
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  console.log('ceiling ready');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
