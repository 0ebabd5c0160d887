/**
 * Quiet hours (QUIET_HOURS, 22-8 by default): local hours in which non-urgent mail waits and
 * non-urgent notices are not pushed (modules/push: they stay in the app). `from` is quiet,
 * `to` is not (22-8: 22:00 to 07:59), and a range may wrap midnight.
 */
export interface QuietHours {
  from: number;
  to: number;
}

export function isQuietHour(hour: number, quiet: QuietHours): boolean {
  if (quiet.from === quiet.to) return false;
  return quiet.from < quiet.to
    ? hour >= quiet.from && hour < quiet.to
    : hour >= quiet.from || hour < quiet.to;
}

/** The local hour non-urgent mail meant for `hour` goes out: then, or when quiet hours end. */
export function sendingHour(hour: number, quiet: QuietHours): number {
  return isQuietHour(hour, quiet) ? quiet.to : hour;
}
