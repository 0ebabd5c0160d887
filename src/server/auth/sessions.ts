/**
 * Cookie sessions: HttpOnly, SameSite=Lax, Secure when the public URL is https; the id is
 * rotated at sign-in (see routes.ts). Which routes need a signed-in user is said by their
 * group (route-groups.ts).
 *
 * A request without the cookie does no session work at all: no id, no signature, no store
 * call. A session gets its id, its row and its cookie when something is saved into it,
 * and is written only when it changed (sign-in, sign-out), never on every request: a
 * request still in flight during sign-out cannot write the destroyed session back.
 * (@fastify/session, used before, built and signed an id for every request, which halved
 * the throughput of anonymous reads.)
 */
import { randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DatabaseSessionStore,
  type PendingSignIn,
  type SessionData,
  type StoredSession,
} from './session-store.ts';

export type { PendingSignIn };

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
const SID_BYTES = 24;

/** One request's session: what it read from the store, and what the request changed. */
export class Session {
  #sid: string | undefined;
  #data: SessionData;
  #maxAgeMs: number;
  #expires: Date | undefined;
  #changed = false;
  #destroyed = false;

  constructor(
    private readonly store: DatabaseSessionStore,
    stored?: { sid: string } & StoredSession,
  ) {
    this.#sid = stored?.sid;
    this.#data = stored?.data ?? {};
    this.#maxAgeMs = stored?.maxAgeMs ?? SESSION_MAX_AGE_MS;
    this.#expires = stored?.expires;
  }

  /** The stored session's id, once it has one. */
  get id(): string | undefined {
    return this.#sid;
  }

  get userId() {
    return this.#data.userId;
  }
  set userId(value: string | undefined) {
    this.#change({ userId: value });
  }
  get idToken() {
    return this.#data.idToken;
  }
  set idToken(value: string | undefined) {
    this.#change({ idToken: value });
  }
  get pendingSignIn() {
    return this.#data.pendingSignIn;
  }
  set pendingSignIn(value: PendingSignIn | undefined) {
    this.#change({ pendingSignIn: value });
  }

  /** Sets how long the session lives, counted from this request. */
  options({ maxAge }: { maxAge: number }): void {
    this.#maxAgeMs = maxAge;
    this.#expires = undefined;
    this.#changed = true;
  }

  /** Ends the stored session and starts an empty one under a new id (at sign-in). */
  async regenerate(): Promise<void> {
    if (this.#sid) await this.store.destroy(this.#sid);
    this.#sid = undefined;
    this.#data = {};
    this.#maxAgeMs = SESSION_MAX_AGE_MS;
    this.#expires = undefined;
    this.#changed = true;
  }

  /** Ends the session: its row goes now, its cookie with the answer. */
  async destroy(): Promise<void> {
    if (this.#sid) await this.store.destroy(this.#sid);
    this.#data = {};
    this.#destroyed = true;
  }

  /** Whether the answer must save the session or end its cookie. */
  get unsaved(): boolean {
    return this.#changed || this.#destroyed;
  }

  /** Saves what changed and says so to the browser; called once, as the answer is sent. */
  async commit(reply: FastifyReply, cookie: CookieSettings): Promise<void> {
    const { name, attributes } = cookie;
    if (this.#destroyed) {
      reply.header(
        'set-cookie',
        stringifySetCookie({ ...attributes, name, value: '', expires: new Date(0) }),
      );
      return;
    }
    if (!this.#changed) return;
    this.#sid ??= randomBytes(SID_BYTES).toString('base64url');
    const expires = this.#expires ?? new Date(Date.now() + this.#maxAgeMs);
    await this.store.save(
      this.#sid,
      { data: this.#data, maxAgeMs: this.#maxAgeMs, expires },
      attributes,
    );
    reply.header(
      'set-cookie',
      stringifySetCookie({ ...attributes, name, value: cookie.signer.sign(this.#sid), expires }),
    );
  }

  #change(values: Partial<SessionData>): void {
    this.#data = { ...this.#data, ...values };
    this.#changed = true;
  }
}

interface CookieSettings {
  name: string;
  signer: Signer;
  attributes: { httpOnly: true; sameSite: 'lax'; secure: boolean; path: '/' };
}

// `request.session` is declared in ../request-fields.ts.

export const sessionsPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      secret: string;
      secureCookies: boolean;
      /** Only URLs under this path read their session (pages and assets never need one). */
      readUnder?: string;
    },
  ) => {
    const store = new DatabaseSessionStore(app.db, SESSION_MAX_AGE_MS);
    const cookie: CookieSettings = {
      name: sessionCookieName(options.secureCookies),
      signer: new Signer(options.secret),
      attributes: { httpOnly: true, sameSite: 'lax', secure: options.secureCookies, path: '/' },
    };
    const readUnder = options.readUnder ?? '/';

    app.decorateRequest('session', null as unknown as Session);
    // Callback hooks, not async ones: most requests pass both without waiting for anything.
    app.addHook('onRequest', (request, _reply, done) => {
      const sid = signedSid(request);
      if (sid === undefined) {
        request.session = new Session(store);
        return done();
      }
      store.read(sid).then((stored) => {
        request.session = new Session(store, stored && { sid, ...stored });
        done();
      }, done);
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!request.session?.unsaved) return done(null, payload);
      request.session.commit(reply, cookie).then(() => done(null, payload), done);
    });

    /** The session id the request's cookie carries, when its signature holds. */
    function signedSid(request: FastifyRequest): string | undefined {
      const header = request.headers.cookie;
      // Most requests carry no session: a substring test settles them.
      if (!header?.includes(cookie.name) || !request.url.startsWith(readUnder)) return undefined;
      const signed = parseCookie(header)[cookie.name];
      if (!signed) return undefined;
      const { valid, value } = cookie.signer.unsign(signed);
      return valid && value ? value : undefined;
    }

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
