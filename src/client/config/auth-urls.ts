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

export function goToLogout(): void {
  window.location.assign(LOGOUT_URL);
}
