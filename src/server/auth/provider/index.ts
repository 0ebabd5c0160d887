/**
 * The embedded OpenID provider: local accounts for when no external issuer is set.
 * It is a real provider (oidc-provider) mounted at /oidc, with its state in the database,
 * signing and cookie keys generated once and persisted, and explicit lifetimes; the
 * relying party talks to it over HTTP exactly as it would to any other issuer.
 */
import { createHmac, randomBytes } from 'node:crypto';
import middie from '@fastify/middie';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '#server/db/index.ts';
import { accountClaims, findAccountById } from './accounts.ts';
import { databaseAdapterFactory, sweepExpiredPayloads } from './adapter.ts';
import { getOrCreateSecret } from './app-secrets.ts';
import type { Writer } from '#server/changes/index.ts';
import { accountRoutes } from './account-routes.ts';
import { interactionRoutes } from './interactions.ts';
import { createPasswordReset } from './password-reset.ts';
import { sharedRateLimitStore } from '#server/lib/shared-rate-limit.ts';
import { signInRequestLimit } from './request-limit.ts';
import type { SignInLimits } from './sign-in-limits.ts';
import { createThrottle } from '#server/lib/throttle.ts';
import { messagePage, signOutPage } from './pages.ts';
import { postLogoutRedirectUris } from '../relying-party.ts';
import { pinPublicOrigin, refuseUncleanQuery } from './provider-guards.ts';

export const EMBEDDED_CLIENT_ID = 'encore-web';
export const ISSUER_PATH = '/oidc';

/** Lifetimes in seconds. Sessions at the provider outlive Encore's own cookie session. */
const TTL = {
  AccessToken: 10 * 60,
  AuthorizationCode: 60,
  IdToken: 10 * 60,
  Interaction: 60 * 60,
  Session: 30 * 24 * 60 * 60,
  Grant: 30 * 24 * 60 * 60,
} as const;

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** The client secret is derived, so the relying party and the provider agree without storing it. */
export const embeddedClientSecret = (sessionSecret: string) =>
  createHmac('sha256', sessionSecret).update('embedded-oidc-client').digest('base64url');

async function signingKeys(db: Database): Promise<JWK[]> {
  return getOrCreateSecret(db, 'oidc-signing-keys', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    return [{ ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }];
  });
}

const cookieKeys = (db: Database) =>
  getOrCreateSecret(db, 'oidc-cookie-keys', () => [randomBytes(32).toString('base64url')]);

export interface EmbeddedProviderOptions {
  db: Database;
  publicUrl: string;
  sessionSecret: string;
  limits: SignInLimits;
  /** How the reset request adds its mail job. */
  writer: Writer;
}

export async function createEmbeddedProvider(options: EmbeddedProviderOptions): Promise<Provider> {
  const { db, publicUrl } = options;
  const secure = publicUrl.startsWith('https:');
  const configuration: Configuration = {
    adapter: databaseAdapterFactory(db),
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_secret: embeddedClientSecret(options.sessionSecret),
        redirect_uris: [`${publicUrl}/api/callback`],
        post_logout_redirect_uris: Object.values(postLogoutRedirectUris(publicUrl)),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: await signingKeys(db) },
    cookies: {
      keys: await cookieKeys(db),
      long: { signed: true, httpOnly: true, sameSite: 'lax', secure },
      short: { signed: true, httpOnly: true, sameSite: 'lax', secure },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    extraParams: ['screen'],
    // Only what Encore's own sign-in uses is offered and advertised: the code flow with
    // PKCE, no implicit or hybrid responses, no refresh tokens, no pushed requests.
    responseTypes: ['code'],
    scopes: ['openid', 'email', 'profile'],
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx: KoaContextWithOIDC, form: string) {
          const nonce = randomBytes(16).toString('base64');
          ctx.set(
            'Content-Security-Policy',
            `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
          );
          ctx.type = 'html';
          ctx.body = signOutPage(form, nonce);
        },
      },
    },
    pkce: { required: () => true },
    ttl: TTL,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = await findAccountById(db, sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => accountClaims(account) };
    },
    // Encore's own client needs no consent screen: grant what it asks for.
    async loadExistingGrant(ctx) {
      const clientId = ctx.oidc.client!.clientId;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(clientId);
      if (grantId) {
        const grant = await ctx.oidc.provider.Grant.find(grantId);
        if (grant) return grant;
      }
      const grant = new ctx.oidc.provider.Grant({
        clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = messagePage(
        'Sign-in problem',
        out.error === 'invalid_request' || out.error === 'session_not_found'
          ? 'That sign-in link has expired. Please start again.'
          : 'Something went wrong while signing you in. Please start again.',
      );
    },
  };
  const provider = new Provider(`${publicUrl}${ISSUER_PATH}`, configuration);
  // Koa then takes host and protocol from X-Forwarded-*, which pinPublicOrigin sets to PUBLIC_URL's.
  provider.proxy = true;
  return provider;
}

/** Mounts the provider at /oidc and its sign-in pages at /interaction. */
export async function registerEmbeddedProvider(
  app: FastifyInstance,
  options: EmbeddedProviderOptions,
) {
  const provider = await createEmbeddedProvider(options);
  const { db, limits } = options;
  const throttle = createThrottle(db);
  const reset = createPasswordReset({ db, writer: options.writer });

  // Before middie, so it also guards the provider's endpoints, which are middleware.
  await app.register(signInRequestLimit, {
    requestsPerMinute: limits.requestsPerMinute,
    store: sharedRateLimitStore(db),
    ownClientAuthorization: `Basic ${Buffer.from(
      `${EMBEDDED_CLIENT_ID}:${embeddedClientSecret(options.sessionSecret)}`,
    ).toString('base64')}`,
  });
  // middie only in a scope of its own, whose routes are every URL under the issuer's path:
  // registered at the root it would run (and decode the URL) for every request of the app.
  await app.register(async (scope) => {
    await scope.register(middie);
    // middie strips the mount path, and the issuer's path must equal it.
    scope.use(ISSUER_PATH, refuseUncleanQuery);
    scope.use(ISSUER_PATH, pinPublicOrigin(options.publicUrl));
    scope.use(ISSUER_PATH, provider.callback());
    // Never reached: the provider answers every request under its path itself.
    const answeredByProvider = { schema: { hide: true } };
    scope.all(ISSUER_PATH, answeredByProvider, async (_request, reply) => reply.callNotFound());
    scope.all(`${ISSUER_PATH}/*`, answeredByProvider, async (_request, reply) =>
      reply.callNotFound(),
    );
  });

  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 16 * 1024 });
    await scope.register(interactionRoutes, { provider, db, throttle, limits });
    await scope.register(accountRoutes, { reset, throttle, limits });
  });

  const sweeper = setInterval(() => {
    Promise.all([sweepExpiredPayloads(db), throttle.sweep(), reset.sweep()]).catch(
      (error: unknown) => app.log.warn({ err: error }, 'sign-in state sweep failed'),
    );
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  return provider;
}
