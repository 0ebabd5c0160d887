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

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Today as yyyy-MM-dd on the clocks of `timeZone` (a person's, from Settings): their "Did
 * you go?", which shows they may mark as seen or review. Without a zone (none saved, or one
 * this runtime no longer knows), the UTC day of todayIso.
 */
export function todayIn(timeZone: string | null | undefined, now: Date = new Date()): string {
  if (!timeZone) return todayIso(now);
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      // en-CA writes dates as yyyy-MM-dd.
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      return todayIso(now);
    }
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}
