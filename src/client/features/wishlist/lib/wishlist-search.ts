import { GENRES } from '#shared/limits';
import type { ConcertListItem } from '#shared/schemas/concerts';

function genreWords(slug: string | null | undefined): string {
  if (!slug) return '';
  const name = GENRES.find((g) => g.slug === slug.toLowerCase())?.name ?? '';
  return `${slug} ${name}`;
}

/**
 * The wishlist's local search: every word of the query must appear in the artist, venue, city
 * or genre (its slug or its name), ignoring case and accents.
 */
export function filterWishlist(concerts: ConcertListItem[], query: string): ConcertListItem[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return concerts;
  return concerts.filter((concert) => {
    const haystack = normalize(
      [concert.artist, concert.venue, concert.city, genreWords(concert.genre)].join(' '),
    );
    return words.every((word) => haystack.includes(word));
  });
}

function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
