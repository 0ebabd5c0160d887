import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createServiceContext, type ServiceContext } from '../lib/service-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The services' view of this request, built on first use. */
    readonly ctx: ServiceContext;
  }
}

const built = new WeakMap<FastifyRequest, ServiceContext>();

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
          });
          built.set(this, ctx);
        }
        return ctx;
      },
    });
  },
  {
    name: 'service-context',
    dependencies: ['database', 'sessions', 'providers', 'storage', 'changes'],
  },
);
