import { SIDEBAR_COOKIE_MAX_AGE_S, SIDEBAR_COOKIE_NAME } from '#shared/limits';

/** Reads the remembered expanded/collapsed choice from a cookie header string. */
export function readSidebarCookie(cookies: string): boolean | undefined {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE_NAME) {
      if (value === 'true') return true;
      if (value === 'false') return false;
    }
  }
  return undefined;
}

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; samesite=lax`;
}
