const DAY_MS = 24 * 60 * 60 * 1000;

/** The current UTC day, worked out once per day rather than on every request that asks. */
let currentDay = { iso: '', startsAt: 0, endsAt: 0 };

/** Today as yyyy-MM-dd (UTC): the default start of the concert list, the line between past and upcoming. */
export function todayIso(now?: Date): string {
  if (now) return now.toISOString().slice(0, 10);
  const ms = Date.now();
  if (ms < currentDay.startsAt || ms >= currentDay.endsAt) {
    const startsAt = ms - (ms % DAY_MS);
    currentDay = {
      iso: new Date(startsAt).toISOString().slice(0, 10),
      startsAt,
      endsAt: startsAt + DAY_MS,
    };
  }
  return currentDay.iso;
}
