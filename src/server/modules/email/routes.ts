/**
 * E-mail's routes: one's verification state and "Resend" (signed in), and the two links a
 * mail carries, which work without a session: the verification link, and the one-click
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
  verifyEmailQuerySchema,
} from '#shared/schemas/email';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import { HttpError } from '#server/http-error.ts';
import { unsubscribe } from './unsubscribe.ts';
import {
  getEmailVerification,
  resendEmailVerification,
  VERIFY_EMAIL_PATH,
  verifyEmail,
} from './verification.ts';

/** Where a followed verification link lands: Settings, saying the address is verified. */
export const VERIFIED_LANDING = '/settings?email=verified';
/** Where a browser lands with a link that no longer works: Settings, offering "Resend". */
export const REFUSED_LANDING = '/settings?email=link-refused';

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
        summary:
          'Follow the link of "Verify your e-mail": marks the address verified, then Settings',
        querystring: verifyEmailQuerySchema,
        response: { 303: z.null(), 400: errorSchema },
      },
    },
    async (request, reply) => {
      try {
        await verifyEmail(app.db, request.query.token);
      } catch (error) {
        // A person who clicked the link sees Settings, not the refusal's JSON.
        const browsing = request.headers.accept?.includes('text/html') ?? false;
        if (browsing && error instanceof HttpError && error.statusCode === 400) {
          return reply.redirect(REFUSED_LANDING, 303);
        }
        throw error;
      }
      return reply.redirect(VERIFIED_LANDING, 303);
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
