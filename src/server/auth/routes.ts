import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isReturnPath } from '#shared/return-path';
import { findOrCreateUserForIdentity } from '../modules/users/index.ts';
import { isCrossOrigin } from '../plugins/same-origin.ts';
import { SIGNED_OUT_LANDINGS, type RelyingParty, type SignedInIdentity } from './relying-party.ts';
import { PENDING_SIGN_IN_MAX_AGE_MS, SESSION_MAX_AGE_MS } from './sessions.ts';

const loginQuery = z.object({
  screen: z.enum(['sign-in', 'create-account']).optional(),
  next: z
    .string()
    .refine(isReturnPath, { error: 'next must be a path of this site, such as /concerts/{id}' })
    .optional()
    .describe('Where to go once signed in (and after a new account is set up)'),
});

/** Sign-in, its callback and sign-out: browser navigations, so they answer with redirects. */
export function authRoutes(
  relyingParty: RelyingParty,
  publicUrl: string,
  /** Told who signed in as whom (the embedded provider links its account to the user). */
  afterSignIn?: (identity: SignedInIdentity, userId: string) => Promise<void>,
): FastifyPluginAsyncZod {
  const publicOrigin = new URL(publicUrl).origin;
  return async (app) => {
    app.get(
      '/login',
      { schema: { tags: ['auth'], summary: 'Start signing in', querystring: loginQuery } },
      async (request, reply) => {
        const extra = request.query.screen ? { screen: request.query.screen } : undefined;
        const { url, pending } = await relyingParty.startSignIn(extra);
        // A sign-in nobody finishes is worth keeping for minutes, not for a session's month.
        request.session.options({ maxAge: PENDING_SIGN_IN_MAX_AGE_MS });
        request.session.pendingSignIn = request.query.next
          ? { ...pending, next: request.query.next }
          : pending;
        return reply.redirect(url, 302);
      },
    );

    app.get(
      '/callback',
      { schema: { tags: ['auth'], summary: 'Finish signing in (issuer redirect target)' } },
      async (request, reply) => {
        const pending = request.session.pendingSignIn;
        if (!pending) return reply.redirect('/auth?error=expired', 302);
        try {
          const identity = await relyingParty.finishSignIn(
            new URL(request.url, publicUrl),
            pending,
          );
          const user = await findOrCreateUserForIdentity(app.db, identity, app.writer);
          await afterSignIn?.(identity, user.id);
          // A fresh id at sign-in: a session id planted before sign-in is worth nothing after.
          await request.session.regenerate();
          request.session.options({ maxAge: SESSION_MAX_AGE_MS });
          request.session.userId = user.id;
          request.session.idToken = identity.idToken;
          // Checked again: a session saved by an earlier version may hold anything.
          const next = pending.next && isReturnPath(pending.next) ? pending.next : '/discover';
          return reply.redirect(next, 302);
        } catch (error) {
          request.log.warn({ err: error }, 'sign-in callback failed');
          request.session.pendingSignIn = undefined;
          return reply.redirect('/auth?error=sign-in-failed', 302);
        }
      },
    );

    const endSession = async (request: {
      session: { idToken?: string; destroy(): Promise<void> };
    }) => {
      const idToken = request.session.idToken;
      await request.session.destroy();
      return idToken;
    };

    app.get(
      '/logout',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Sign out here and at the issuer, then go home (or to the sign-in page with then=sign-in)',
          querystring: z.object({
            then: z
              .enum(SIGNED_OUT_LANDINGS, {
                error: `then must be one of ${SIGNED_OUT_LANDINGS.join(', ')}`,
              })
              .default('home'),
          }),
        },
      },
      async (request, reply) => {
        // A link on another site must not sign anyone out: only Encore's own pages, or the
        // address typed in, end the session here.
        if (isCrossOrigin(request.headers, publicOrigin)) return reply.redirect('/', 302);
        const idToken = await endSession(request);
        return reply.redirect(await relyingParty.signOutUrl(idToken, request.query.then), 302);
      },
    );

    app.post(
      '/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign out of Encore (the browser then navigates to GET /api/logout)',
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await endSession(request);
        return reply.status(204).send(null);
      },
    );
  };
}
