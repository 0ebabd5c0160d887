/**
 * Cookie sessions: HttpOnly, SameSite=Lax, Secure when the public URL is https; the id is
 * rotated at sign-in (see routes.ts). Route modules whose every route needs a user add
 * `requireSignIn` as a hook; services ask `ctx.requireViewer()`.
 */
import cookie from '@fastify/cookie';
import session from '@fastify/session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../http-error.ts';
import { DatabaseSessionStore } from './session-store.ts';

export const SESSION_COOKIE = 'encore.sid';
/**
 * Over https the cookie takes the __Host- prefix: browsers then accept it only when Secure,
 * for path / and without a Domain, so no sibling subdomain can plant or shadow it.
 */
export const sessionCookieName = (secure: boolean) =>
  secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a started sign-in (its PKCE verifier, state and nonce) waits for the issuer. */
export const PENDING_SIGN_IN_MAX_AGE_MS = 10 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface PendingSignIn {
  codeVerifier: string;
  state: string;
  nonce: string;
}

declare module 'fastify' {
  interface Session {
    userId?: string;
    idToken?: string;
    pendingSignIn?: PendingSignIn;
  }
}

export const sessionsPlugin = fp(
  async (app: FastifyInstance, options: { secret: string; secureCookies: boolean }) => {
    const store = new DatabaseSessionStore(app.db);
    await app.register(cookie);
    await app.register(session, {
      secret: options.secret,
      cookieName: sessionCookieName(options.secureCookies),
      store,
      saveUninitialized: false,
      // Save only when the session changes (sign-in, sign-out). Rolling sessions would write
      // the row on every request, and a request still in flight during sign-out would write
      // the destroyed session back.
      rolling: false,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        path: '/',
        maxAge: SESSION_MAX_AGE_MS,
      },
    });

    const sweeper = setInterval(() => {
      store
        .sweepExpired()
        .catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
    }, SWEEP_INTERVAL_MS);
    sweeper.unref();
    app.addHook('onClose', async () => clearInterval(sweeper));
  },
  { name: 'sessions', dependencies: ['database'] },
);

/** An onRequest hook: a 401 before anything else runs when nobody is signed in. */
export async function requireSignIn(request: FastifyRequest): Promise<void> {
  if (!request.session.userId) throw unauthorized();
}
