/**
 * The sign-in and create-account pages of the embedded provider. They live outside the
 * /oidc mount because the provider's interaction cookie is scoped to /interaction/{uid}.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { createAccountFormSchema, signInFormSchema } from '#shared/schemas/accounts';
import type { Database } from '#server/db/index.ts';
import { createAccount, verifyCredentials } from './accounts.ts';
import { HashingBusyError } from './hashing-queue.ts';
import { html, tooMany, waitSentence } from './page-replies.ts';
import { createAccountPage, messagePage, signInPage } from './pages.ts';
import { commonPasswordProblem } from './password-rules.ts';
import { signInRules, signUpRules, type SignInLimits } from './sign-in-limits.ts';
import type { Throttle } from '#server/lib/throttle.ts';

const INVALID_CREDENTIALS = 'Invalid email or password';
const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead.';
const BUSY = 'We are checking a lot of sign-ins right now. Please try again in a moment.';

const uidParams = z.object({ uid: z.string().min(1).max(100) });
/** A posted form: fields by name. The page's own rules then say what is wrong with them. */
const formBody = z.record(z.string(), z.unknown());
/** Malformed requests (a JSON array for a form, a bad uid) are refused before any handler. */
const pageSchema = { params: uidParams };
const formSchema = { params: uidParams, body: formBody };

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export const interactionRoutes: FastifyPluginAsync<{
  provider: Provider;
  db: Database;
  throttle: Throttle;
  limits: SignInLimits;
}> = async (app, { provider, db, throttle, limits }) => {
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
    const email = parsed.success ? parsed.data.email : undefined;

    // Counted before it is judged, so parallel attempts cannot all slip under the limit.
    const rules = signInRules(limits, email, request.ip);
    const counted = rules.accountAndAddress
      ? [rules.accountAndAddress, rules.address]
      : [rules.address];
    const decision = await throttle.attempt(counted);
    if (!decision.allowed) {
      return tooMany(
        request,
        reply,
        decision.retryAfterMs,
        `Too many sign-in attempts. ${waitSentence(decision.retryAfterMs)}`,
        (error) => signInPage({ uid, email: text(body.email), error }),
      );
    }
    let account;
    try {
      account = parsed.success
        ? await verifyCredentials(db, parsed.data.email, parsed.data.password)
        : undefined;
    } catch (error) {
      if (!(error instanceof HashingBusyError)) throw error;
      await throttle.refund(counted.map((rule) => rule.key));
      return tooMany(request, reply, 1000, BUSY, (message) =>
        signInPage({ uid, email, error: message }),
      );
    }
    if (!account) {
      return html(
        reply,
        401,
        signInPage({ uid, email: text(body.email), error: INVALID_CREDENTIALS }),
      );
    }
    // The owner got in: their failures from here are forgiven, and this attempt was no guess.
    await throttle.forget(rules.accountAndAddress ? [rules.accountAndAddress.key] : []);
    await throttle.refund([rules.address.key]);
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
    const errors: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        errors[key] ??= issue.message;
      }
    } else {
      const common = commonPasswordProblem(parsed.data.password);
      if (common) errors.password = common;
    }
    if (!parsed.success || Object.keys(errors).length > 0) {
      return html(reply, 400, createAccountPage({ uid, values, errors }));
    }

    const decision = await throttle.attempt(signUpRules(limits, request.ip));
    if (!decision.allowed) {
      return tooMany(
        request,
        reply,
        decision.retryAfterMs,
        `Too many new accounts from this network. ${waitSentence(decision.retryAfterMs)}`,
        (error) => createAccountPage({ uid, values, error }),
      );
    }
    let result;
    try {
      result = await createAccount(db, parsed.data);
    } catch (error) {
      if (!(error instanceof HashingBusyError)) throw error;
      return tooMany(request, reply, 1000, BUSY, (message) =>
        createAccountPage({ uid, values, error: message }),
      );
    }
    // Probing for registered addresses counts against the same limit as creating accounts.
    if (!result.ok) {
      return html(reply, 409, createAccountPage({ uid, values, errors: { email: EMAIL_TAKEN } }));
    }
    return finishWithAccount(request, reply, result.account.id);
  });
};
