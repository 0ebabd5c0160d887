import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Makes the opened database available as `app.db`; whoever opened it closes it. */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('db', options.db);
  },
  { name: 'database' },
);
