import { CalendarHeart } from 'lucide-react';
import { Link } from 'wouter';
import { profileYearPath, userYearPath } from '#client/config/paths';
import { useYearsWithShows } from '../api/get-year';

/**
 * "Year in review" on a profile: this year's, or the latest year with shows when this one
 * has none yet. Shown once the years are known (this year's if they cannot be read).
 */
export function YearInReviewLink({ username, isOwn }: { username: string; isOwn: boolean }) {
  const years = useYearsWithShows(username);
  if (years.isPending) return null;
  const current = new Date().getFullYear();
  const shown = years.data ?? [];
  const year = shown.includes(current) || shown.length === 0 ? current : shown[0]!;
  return (
    <Link
      href={isOwn ? profileYearPath(year) : userYearPath(username, year)}
      className="focus-ring inline-flex w-fit items-center gap-2 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <CalendarHeart className="size-4" aria-hidden="true" />
      Year in review
      <span className="sr-only">{year}</span>
    </Link>
  );
}
