import { TrendingUp } from 'lucide-react';
import { useId } from 'react';
import { TRENDING_GENRES, type GenreSlug } from '#shared/limits';
import { badgeVariants } from '#client/components/ui/badge';
import { cn } from '#client/lib/utils';
import { genreName } from '../lib/concert-format';

/**
 * docs/product.md §2: clickable genre badges; the active one is pressed, and pressing it again
 * clears it.
 */
export function TrendingGenres({
  active,
  onSelect,
}: {
  active: GenreSlug | '';
  onSelect: (genre: GenreSlug | '') => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <TrendingUp className="size-4 text-primary" aria-hidden="true" />
        Trending Genres
      </h2>
      <ul className="flex flex-wrap gap-2">
        {TRENDING_GENRES.map((slug) => {
          const pressed = active === slug;
          return (
            <li key={slug}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => onSelect(pressed ? '' : slug)}
                className={cn(
                  badgeVariants({ variant: pressed ? 'default' : 'outline' }),
                  'h-8 cursor-pointer px-3 text-sm transition-colors',
                  !pressed && 'bg-background hover:border-primary/50 hover:bg-accent',
                )}
              >
                {genreName(slug)}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
