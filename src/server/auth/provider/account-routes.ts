/**
 * Forgot password: ask for a link by e-mail, then choose a new password through it. The
 * pages sit outside the sign-in interaction, since a link is opened later, anywhere.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { passwordResetFormSchema, passwordResetRequestSchema } from '#shared/schemas/accounts';
import { HashingBusyError } from './hashing-queue.ts';
import { html, tooMany, waitSentence } from './page-replies.ts';
import {
  forgotPasswordPage,
  messagePage,
  passwordChangedPage,
  resetLinkSentPage,
  resetPasswordPage,
} from './pages.ts';
import type { PasswordReset } from './password-reset.ts';
import { commonPasswordProblem } from './password-rules.ts';
import { passwordResetRules, type SignInLimits } from './sign-in-limits.ts';
import type { Throttle } from '#server/lib/throttle.ts';

const formBody = z.record(z.string(), z.unknown());
const tokenQuery = z.object({ token: z.string().max(200).optional() });
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

const linkExpired = () =>
  messagePage(
    'Link expired',
    'This reset link has expired or was used already. Ask for a new one from the sign-in page.',
  );

export const accountRoutes: FastifyPluginAsync<{
  reset: PasswordReset;
  throttle: Throttle;
  limits: SignInLimits;
}> = async (app, { reset, throttle, limits }) => {
  app.get('/account/forgot-password', async (_request, reply) =>
    html(reply, 200, forgotPasswordPage()),
  );

  app.post('/account/forgot-password', { schema: { body: formBody } }, async (request, reply) => {
    const body = formBody.parse(request.body);
    const parsed = passwordResetRequestSchema.safeParse(body);
    if (!parsed.success) {
      return html(
        reply,
        400,
        forgotPasswordPage({ email: text(body.email), error: parsed.error.issues[0]!.message }),
      );
    }
    const { email } = parsed.data;
    const decision = await throttle.attempt(passwordResetRules(limits, email, request.ip));
    if (!decision.allowed) {
      return tooMany(
        request,
        reply,
        decision.retryAfterMs,
        `Too many reset requests. ${waitSentence(decision.retryAfterMs)}`,
        (error) => forgotPasswordPage({ email, error }),
      );
    }
    await reset.request(email);
    return html(reply, 200, resetLinkSentPage());
  });

  app.get(
    '/account/reset-password',
    { schema: { querystring: tokenQuery } },
    async (request, reply) => {
      const { token } = tokenQuery.parse(request.query);
      if (!token || !(await reset.isUsable(token))) return html(reply, 400, linkExpired());
      return html(reply, 200, resetPasswordPage({ token }));
    },
  );

  app.post('/account/reset-password', { schema: { body: formBody } }, async (request, reply) => {
    const body = formBody.parse(request.body);
    const token = text(body.token) ?? '';
    const parsed = passwordResetFormSchema.safeParse(body);
    const errors: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    } else {
      const common = commonPasswordProblem(parsed.data.password);
      if (common) errors.password = common;
    }
    if (!parsed.success || Object.keys(errors).length > 0) {
      if (errors.token) return html(reply, 400, linkExpired());
      return html(reply, 400, resetPasswordPage({ token, errors }));
    }
    try {
      if (!(await reset.complete(parsed.data.token, parsed.data.password))) {
        return html(reply, 400, linkExpired());
      }
    } catch (error) {
      if (!(error instanceof HashingBusyError)) throw error;
      return tooMany(request, reply, 1000, 'Please try again in a moment.', (message) =>
        resetPasswordPage({ token, errors: { token: message } }),
      );
    }
    return html(reply, 200, passwordChangedPage());
  });
};
