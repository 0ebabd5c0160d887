import type { Review } from '#shared/schemas/reviews';
import { GENRES } from '#shared/limits';
import { authorName } from '#shared/user-display';

/** The Filter button's choices, applied to the reviews already loaded. */
export interface TimelineFilters {
  /** A genre as concerts store it; null for any. */
  genre: string | null;
  /** The least overall rating shown; 0 for any. */
  minRating: number;
  withPhotosOnly: boolean;
}

export const NO_FILTERS: TimelineFilters = { genre: null, minRating: 0, withPhotosOnly: false };

export const MIN_RATING_CHOICES = [0, 2, 3, 4, 4.5] as const;

/** The reviewed concert's genre; null when the concert has none. */
export function reviewGenre(review: Review): string | null {
  const genre = review.concert.genre;
  return genre?.trim() ? genre.trim() : null;
}

/** "Indie Rock" for "indie"; other genres as stored. */
export function genreLabel(genre: string): string {
  return GENRES.find((g) => g.slug === genre.toLowerCase())?.name ?? genre;
}

/** The distinct genres of `reviews`, in the order of the catalogue's genres, then by name. */
export function genresOf(reviews: readonly Review[]): string[] {
  const found = new Map<string, string>();
  for (const review of reviews) {
    const genre = reviewGenre(review);
    if (genre && !found.has(genre.toLowerCase())) found.set(genre.toLowerCase(), genre);
  }
  const order = (genre: string) => {
    const index = GENRES.findIndex((g) => g.slug === genre.toLowerCase());
    return index === -1 ? GENRES.length : index;
  };
  return [...found.values()].sort(
    (a, b) => order(a) - order(b) || genreLabel(a).localeCompare(genreLabel(b)),
  );
}

/** Lowercase without accents, so "beyonce" finds "Beyoncé". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function searchableText(review: Review): string {
  return fold(
    [
      review.reviewText,
      review.concert.artist,
      review.concert.venue,
      review.concert.city,
      authorName(review.user),
      review.user.username ?? '',
      review.user.username ? `@${review.user.username}` : '',
    ].join('\n'),
  );
}

/** True when a search or any filter is in force. */
export function isFiltering(search: string, filters: TimelineFilters): boolean {
  return search.trim() !== '' || activeFilterCount(filters) > 0;
}

export function activeFilterCount(filters: TimelineFilters): number {
  return (
    (filters.genre ? 1 : 0) + (filters.minRating > 0 ? 1 : 0) + (filters.withPhotosOnly ? 1 : 0)
  );
}

/**
 * The reviews that match: every word of `search` somewhere in the text, artist, venue, city
 * or author's name or username, and every filter.
 */
export function filterTimeline(
  reviews: readonly Review[],
  search: string,
  filters: TimelineFilters,
): Review[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  const genre = filters.genre?.toLowerCase() ?? null;
  return reviews.filter((review) => {
    if (filters.minRating > 0 && review.overallRating < filters.minRating) return false;
    if (filters.withPhotosOnly && review.media.length === 0 && review.photos.length === 0) {
      return false;
    }
    if (genre && reviewGenre(review)?.toLowerCase() !== genre) return false;
    if (words.length === 0) return true;
    const text = searchableText(review);
    return words.every((word) => text.includes(word));
  });
}
