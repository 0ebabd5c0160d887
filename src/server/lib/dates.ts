/** Today as yyyy-MM-dd (UTC): the default start of the concert list, the line between past and upcoming. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
