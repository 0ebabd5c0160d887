/**
 * /healthz: the process answers. /readyz: the database answers and start-up (migrations,
 * demo data) is done; 503 while starting and from the moment shutdown begins, so a load
 * balancer stops sending traffic before connections close. Neither touches the session
 * or the response cache, and neither may be stored.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/index.ts';

/** Whether this instance takes traffic: main.ts sets it after start-up and clears it at shutdown. */
export interface Readiness {
  ready: boolean;
}

const DATABASE_CHECK_TIMEOUT_MS = 2_000;

export async function healthRoutes(
  app: FastifyInstance,
  options: { readiness: Readiness; db: Database },
) {
  const { readiness, db } = options;
  const noStore = { 'cache-control': 'no-store' };

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) =>
    reply.headers(noStore).send({ status: 'ok' }),
  );

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    reply.headers(noStore);
    if (!readiness.ready) {
      return reply.status(503).send({ message: 'Starting up or shutting down' });
    }
    try {
      await withTimeout(db.execute(sql`SELECT 1`), DATABASE_CHECK_TIMEOUT_MS);
    } catch {
      return reply.status(503).send({ message: 'The database is not answering' });
    }
    return reply.send({ status: 'ready' });
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
