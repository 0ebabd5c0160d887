import type { DiaryShow } from '#shared/schemas/diary';

/** The shows (newest first) in runs of one year each, in the same order. */
export function groupByYear(shows: readonly DiaryShow[]): { year: string; shows: DiaryShow[] }[] {
  const groups: { year: string; shows: DiaryShow[] }[] = [];
  for (const show of shows) {
    const year = show.date.slice(0, 4);
    const last = groups.at(-1);
    if (last?.year === year) last.shows.push(show);
    else groups.push({ year, shows: [show] });
  }
  return groups;
}

/** A diary date (yyyy-MM-dd) as "Dec 6, 2026", read as the calendar day it is. */
export function formatDiaryDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return day.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
