/**
 * The OpenID Connect relying party: authorization code + PKCE with openid-client. It is
 * the same code whether the issuer is external or the embedded provider on this server.
 */
import * as oidc from 'openid-client';
import type { PendingSignIn } from './sessions.ts';

/** After signing out: the landing page, or the sign-in page (Settings' Sign Out). */
export const SIGNED_OUT_LANDINGS = ['home', 'sign-in'] as const;
export type SignedOutLanding = (typeof SIGNED_OUT_LANDINGS)[number];

/** The pages of `publicUrl` a sign-out lands on; the issuer must know every one. */
export const postLogoutRedirectUris = (publicUrl: string): Record<SignedOutLanding, string> => ({
  home: `${publicUrl}/`,
  'sign-in': `${publicUrl}/auth`,
});

export interface RelyingPartyOptions {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** The pages a sign-out may land on, each registered with the issuer. */
  postLogoutRedirectUris: Record<SignedOutLanding, string>;
  /** How openid-client reaches the issuer; tests may route it elsewhere. */
  customFetch?: oidc.CustomFetch;
}

export interface SignedInIdentity {
  issuer: string;
  subject: string;
  email?: string;
  name?: string;
  givenName?: string;
  familyName?: string;
  picture?: string;
  idToken?: string;
}

const SCOPE = 'openid email profile';

const claimString = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export function createRelyingParty(options: RelyingPartyOptions) {
  let discovered: Promise<oidc.Configuration> | undefined;

  // Lazy: the embedded issuer is this same server, reachable only once it listens.
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(options.issuerUrl), options.clientId, options.clientSecret, undefined, {
        // openid-client refuses plain http unless told; only ever for an http issuer.
        execute: options.issuerUrl.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
        ...(options.customFetch ? { [oidc.customFetch]: options.customFetch } : {}),
      })
      .then((config) => {
        if (options.customFetch) config[oidc.customFetch] = options.customFetch;
        return config;
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    async startSignIn(extraParams: Record<string, string> = {}) {
      const pending: PendingSignIn = {
        codeVerifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
      };
      const url = oidc.buildAuthorizationUrl(await configuration(), {
        ...extraParams,
        redirect_uri: options.redirectUri,
        scope: SCOPE,
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, pending };
    },

    async finishSignIn(callbackUrl: URL, pending: PendingSignIn): Promise<SignedInIdentity> {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('issuer returned no ID token');
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      const claim = (key: string) => claimString(info[key]) ?? claimString(idClaims[key]);
      return {
        issuer: idClaims.iss,
        subject: idClaims.sub,
        email: claim('email'),
        name: claim('name'),
        givenName: claim('given_name'),
        familyName: claim('family_name'),
        picture: claim('picture'),
        idToken: tokens.id_token,
      };
    },

    /** Where to send the browser to end the issuer's session too, when it supports that. */
    /** Where the issuer ends its session; `then` is the page people land on afterwards. */
    async signOutUrl(
      idToken: string | undefined,
      then: SignedOutLanding = 'home',
    ): Promise<string> {
      const landing = options.postLogoutRedirectUris[then];
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return landing;
      return oidc.buildEndSessionUrl(config, {
        post_logout_redirect_uri: landing,
        ...(idToken ? { id_token_hint: idToken } : {}),
      }).href;
    },
  };
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;
