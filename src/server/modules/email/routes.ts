/**
 * E-mail's routes: one's verification state and "Resend" (signed in), and what the two links
 * a mail carries do, without a session: the verification page's button, and the one-click
 * unsubscribe (RFC 8058), which mail clients POST from their own origin.
 */
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#shared/schemas/common';
import {
  emailVerificationStateSchema,
  unsubscribeParamsSchema,
  unsubscribeResultSchema,
  verifyEmailBodySchema,
  verifyEmailQuerySchema,
} from '#shared/schemas/email';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import { unsubscribe } from './unsubscribe.ts';
import {
  getEmailVerification,
  resendEmailVerification,
  VERIFY_EMAIL_PATH,
  verifyEmail,
  verifyEmailPage,
} from './verification.ts';

export const emailRoutes: FastifyPluginAsyncZod<{ verificationsPerHour: number }> = async (
  app,
  { verificationsPerHour },
) => {
  // The one-click POST's body is `List-Unsubscribe=One-Click`, form-encoded (RFC 8058 §3.2).
  await app.register(formbody, { bodyLimit: 1024 });

  app.get(
    VERIFY_EMAIL_PATH.replace(/^\/api/, ''),
    {
      schema: {
        tags: ['email'],
        summary: 'A verification link mailed before the page took its place: opens the page',
        querystring: verifyEmailQuerySchema,
        response: { 303: z.null(), 400: errorSchema },
      },
    },
    // Links already in inboxes keep working, and following one still verifies nothing.
    async (request, reply) => reply.redirect(verifyEmailPage(request.query.token), 303),
  );

  app.post(
    VERIFY_EMAIL_PATH.replace(/^\/api/, ''),
    {
      schema: {
        tags: ['email'],
        summary: '"Verify my e-mail" on the page of the mailed link: marks the address verified',
        body: verifyEmailBodySchema,
        response: { 204: z.null(), 400: errorSchema },
      },
    },
    async (request, reply) => {
      await verifyEmail(app.db, request.body.token);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/unsubscribe/:token',
    {
      // Mail clients post this from their own origin, without a session or anything to forge:
      // the signed, single-use token is the whole authority (plugins/same-origin.ts).
      config: { crossSite: true },
      schema: {
        tags: ['email'],
        summary: 'One-click unsubscribe (RFC 8058): turns off the kind of mail the link names',
        params: unsubscribeParamsSchema,
        response: { 200: unsubscribeResultSchema, 400: errorSchema },
      },
    },
    async (request) => unsubscribe(app.db, request.params.token),
  );

  await signedInRoutes(app, (routes) => {
    routes.get(
      '/users/me/email-verification',
      {
        schema: {
          tags: ['email'],
          summary: "The signed-in user's address and whether it is verified",
          response: { 200: emailVerificationStateSchema },
        },
      },
      async (request) => getEmailVerification(request.ctx),
    );

    routes.post(
      '/users/me/email-verification',
      {
        schema: {
          tags: ['email'],
          summary: '"Resend": mails a new verification link (a few an hour)',
          response: {
            202: emailVerificationStateSchema,
            400: errorSchema,
            409: errorSchema,
            429: errorSchema,
          },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await resendEmailVerification(request.ctx, verificationsPerHour)),
    );
  });
};
