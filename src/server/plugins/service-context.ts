import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { JobKind } from '../jobs/kinds.ts';
import { createServiceContext, type ServiceContext } from '../lib/service-context.ts';

// `request.ctx` is declared in ../request-fields.ts.

const built = new WeakMap<FastifyRequest, ServiceContext>();
/** Kinds of job a request's writes added, whose workers wake once its answer is sent. */
const toWake = new WeakMap<FastifyRequest, Set<JobKind>>();

export const serviceContextPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('ctx', {
      getter(this: FastifyRequest): ServiceContext {
        let ctx = built.get(this);
        if (!ctx) {
          ctx = createServiceContext({
            db: app.db,
            providers: app.providers,
            files: app.fileStore,
            log: this.log,
            viewerId: this.session.userId,
            writer: app.writer,
            writeOptions: {
              wake: (kinds) => {
                const pending = toWake.get(this) ?? new Set();
                for (const kind of kinds) pending.add(kind);
                toWake.set(this, pending);
              },
            },
          });
          built.set(this, ctx);
        }
        return ctx;
      },
    });
    // The answer is out: the request's jobs no longer compete with it for the database.
    app.addHook('onResponse', (request, _reply, done) => {
      const kinds = toWake.get(request);
      if (kinds) app.jobs.wake(kinds);
      done();
    });
  },
  {
    name: 'service-context',
    dependencies: ['database', 'sessions', 'providers', 'storage', 'jobs', 'changes'],
  },
);
