/**
 * Sign-in and sign-out are full browser navigations to the server (OpenID Connect redirects),
 * never fetch calls.
 */
export const LOGIN_URL = '/api/login';
export const CREATE_ACCOUNT_URL = '/api/login?screen=create-account';
export const LOGOUT_URL = '/api/logout';

export function goToLogin(): void {
  window.location.assign(LOGIN_URL);
}

/** Where the browser lands after signing out: the landing page, or /auth. */
export type AfterLogout = 'home' | 'sign-in';

/**
 * Ends the sign-in provider's session too, so the next "Continue with Your Account" asks
 * for the password again; `then: 'sign-in'` lands on /auth instead of the landing page.
 */
export function goToLogout(then: AfterLogout = 'home'): void {
  window.location.assign(then === 'home' ? LOGOUT_URL : `${LOGOUT_URL}?then=${then}`);
}
