/**
 * How a module says which of its routes need a session. A module is a plugin: the routes it
 * registers itself are public, and those it registers in `signedInRoutes(app, …)` form its
 * signed-in group. The group's guard runs once for all of them, before anything else of
 * theirs: a visitor gets a 401 `{ message }` before the body is read or validated, and the
 * group declares that answer for each of its routes, so their own schemas list only what
 * their handlers answer. The group's handlers see `request.ctx` as a `SignedInContext`,
 * whose `viewerId` is a string in its type: services that need a person take that type and
 * never check sign-in again.
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common';
import { unauthorized } from '../http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route of a signed-in group, so a test can walk them (route-groups.test.ts). */
    signedIn?: true;
  }
}

/** Zod's type provider, marked as that of a signed-in group (see plugins/service-context.ts). */
export interface SignedInTypeProvider extends ZodTypeProvider {
  readonly signedIn: true;
}

type ApiInstance<TypeProvider extends ZodTypeProvider> = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeProvider
>;

/** A signed-in group: its routes' handlers get a `SignedInContext`. */
export type SignedInRoutes = ApiInstance<SignedInTypeProvider>;

/** Registers the routes `define` adds as one group behind the sign-in guard. */
export async function signedInRoutes(
  app: ApiInstance<ZodTypeProvider>,
  define: (routes: SignedInRoutes) => Promise<void> | void,
): Promise<void> {
  await app.register(async (group) => {
    group.addHook('onRoute', (route) => {
      route.config = { ...route.config, signedIn: true };
      const response = Object.assign({}, route.schema?.response, { 401: errorSchema });
      route.schema = { ...route.schema, response };
    });
    group.addHook('onRequest', refuseVisitors);
    await define(group.withTypeProvider<SignedInTypeProvider>());
  });
}

async function refuseVisitors(request: FastifyRequest): Promise<void> {
  if (!request.session.userId) throw unauthorized();
}
