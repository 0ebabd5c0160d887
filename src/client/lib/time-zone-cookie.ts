/**
 * The visitor's time zone, in a cookie the server reads: /discover's first list starts at
 * the visitor's today, so only with it can the HTML of /discover name that list for the
 * browser to fetch at once (src/server/plugins/page-preloads.ts). Keep the name in step.
 */
export const TIME_ZONE_COOKIE = 'encore.tz';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function rememberTimeZone(): void {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    const secure = window.location.protocol === 'https:' ? '; secure' : '';
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=${ONE_YEAR_S}; samesite=lax${secure}`;
  } catch {
    // No time zone or no cookies: /discover then loads its list itself, one step later.
  }
}
