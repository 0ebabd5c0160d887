/**
 * What the app adds to every request, declared once: every augmentation of Fastify's
 * `FastifyRequest` must repeat its type parameters, and `ctx` needs them (its type depends
 * on the route's group).
 */
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifySchema,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
// Not re-exported by 'fastify', but named in FastifyRequest's type parameters.
import type { FastifyRequestType, ResolveFastifyRequestType } from 'fastify/types/type-provider';
import type { SignedInTypeProvider } from './auth/route-groups.ts';
import type { Session } from './auth/sessions.ts';
import type { ServiceContext, SignedInContext } from './lib/service-context.ts';

declare module 'fastify' {
  // Fastify's own type parameters, every one: declarations of an interface must agree on them.
  /* eslint-disable @typescript-eslint/no-unused-vars */
  interface FastifyRequest<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> =
      RawRequestDefaultExpression<RawServer>,
    SchemaCompiler extends FastifySchema = FastifySchema,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    ContextConfig = ContextConfigDefault,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    RequestType extends FastifyRequestType = ResolveFastifyRequestType<
      TypeProvider,
      SchemaCompiler,
      RouteGeneric
    >,
  > {
    /* eslint-enable @typescript-eslint/no-unused-vars */
    /** The request's session, read from its cookie (auth/sessions.ts). */
    session: Session;
    /**
     * The services' view of this request, built on first use (plugins/service-context.ts).
     * In a signed-in group (auth/route-groups.ts) the guard has run, so the viewer is
     * there in the type too.
     */
    readonly ctx: TypeProvider extends SignedInTypeProvider ? SignedInContext : ServiceContext;
  }
}
