/**
 * The sign-in and create-account pages of the embedded provider. They live outside the
 * /oidc mount because the provider's interaction cookie is scoped to /interaction/{uid}.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { createAccountFormSchema, signInFormSchema } from '#shared/schemas/accounts';
import type { Database } from '../../db/index.ts';
import { createAccount, verifyCredentials } from './accounts.ts';
import type { AttemptLimiter } from './attempt-limiter.ts';
import { createAccountPage, messagePage, signInPage } from './pages.ts';

const INVALID_CREDENTIALS = 'Invalid email or password';
const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead.';

const uidParams = z.object({ uid: z.string().min(1).max(100) });
/** A posted form: fields by name. The page's own rules then say what is wrong with them. */
const formBody = z.record(z.string(), z.unknown());
/** Malformed requests (a JSON array for a form, a bad uid) are refused before any handler. */
const pageSchema = { params: uidParams };
const formSchema = { params: uidParams, body: formBody };

const html = (reply: FastifyReply, status: number, page: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page);

const tooManyAttempts = (retryAfterMs: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
};

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export const interactionRoutes: FastifyPluginAsync<{
  provider: Provider;
  db: Database;
  limiter: AttemptLimiter;
}> = async (app, { provider, db, limiter }) => {
  /** The pending interaction, or undefined once it expired (an error page is then sent). */
  async function interaction(request: FastifyRequest, reply: FastifyReply) {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      html(
        reply,
        400,
        messagePage('Sign-in expired', 'This sign-in page has expired. Please start again.'),
      );
      return undefined;
    }
  }

  async function finishWithAccount(
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string,
  ) {
    const to = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(to, 303);
  }

  app.get('/interaction/:uid', { schema: pageSchema }, async (request, reply) => {
    const { uid } = uidParams.parse(request.params);
    const details = await interaction(request, reply);
    if (!details) return reply;
    if (details.prompt.name !== 'login') {
      // loadExistingGrant grants Encore's own client; any other prompt means a stale flow.
      return html(reply, 400, messagePage('Sign-in expired', 'Please start signing in again.'));
    }
    const page =
      details.params.screen === 'create-account'
        ? createAccountPage({ uid })
        : signInPage({ uid, email: text(details.params.login_hint) });
    return html(reply, 200, page);
  });

  app.get('/interaction/:uid/create-account', { schema: pageSchema }, async (request, reply) => {
    const { uid } = uidParams.parse(request.params);
    if (!(await interaction(request, reply))) return reply;
    return html(reply, 200, createAccountPage({ uid }));
  });

  app.post('/interaction/:uid/login', { schema: formSchema }, async (request, reply) => {
    const { uid } = uidParams.parse(request.params);
    if (!(await interaction(request, reply))) return reply;
    const body = formBody.parse(request.body);
    const parsed = signInFormSchema.safeParse(body);
    const email = parsed.success ? parsed.data.email : text(body.email)?.trim().toLowerCase();

    const waitMs = await limiter.retryAfterMs(email, request.ip);
    if (waitMs > 0) {
      reply.header('retry-after', Math.ceil(waitMs / 1000));
      return html(reply, 429, signInPage({ uid, email, error: tooManyAttempts(waitMs) }));
    }
    const account = parsed.success
      ? await verifyCredentials(db, parsed.data.email, parsed.data.password)
      : undefined;
    if (!account) {
      await limiter.recordFailure(email, request.ip);
      return html(reply, 401, signInPage({ uid, email, error: INVALID_CREDENTIALS }));
    }
    return finishWithAccount(request, reply, account.id);
  });

  app.post('/interaction/:uid/create-account', { schema: formSchema }, async (request, reply) => {
    const { uid } = uidParams.parse(request.params);
    if (!(await interaction(request, reply))) return reply;
    const body = formBody.parse(request.body);
    const values = {
      firstName: text(body.firstName),
      lastName: text(body.lastName),
      email: text(body.email),
    };
    const parsed = createAccountFormSchema.safeParse(body);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        errors[key] ??= issue.message;
      }
      return html(reply, 400, createAccountPage({ uid, values, errors }));
    }

    const waitMs = await limiter.retryAfterMs(undefined, request.ip);
    if (waitMs > 0) {
      reply.header('retry-after', Math.ceil(waitMs / 1000));
      return html(reply, 429, createAccountPage({ uid, values, error: tooManyAttempts(waitMs) }));
    }
    const result = await createAccount(db, parsed.data);
    if (!result.ok) {
      // Probing for registered addresses counts against the same limit as guessing passwords.
      await limiter.recordFailure(undefined, request.ip);
      return html(reply, 409, createAccountPage({ uid, values, errors: { email: EMAIL_TAKEN } }));
    }
    return finishWithAccount(request, reply, result.account.id);
  });
};
