/** Settings shared by the benchmark scripts. */

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/encore_bench';

export function benchDatabaseUrl(): string {
  const value = process.env.BENCH_DATABASE_URL?.trim();
  return value ? value : DEFAULT_BENCH_DATABASE_URL;
}

/**
 * First words of the generated artist names ("Midnight Foxes", "Velvet Harbor", ...).
 * Each one is a search fragment that matches 1/24 of the concerts.
 */
export const ARTIST_ADJECTIVES = [
  'Midnight',
  'Velvet',
  'Neon',
  'Electric',
  'Golden',
  'Silver',
  'Crimson',
  'Hollow',
  'Wild',
  'Lunar',
  'Paper',
  'Glass',
  'Static',
  'Northern',
  'Southern',
  'Broken',
  'Burning',
  'Quiet',
  'Cosmic',
  'Rusty',
  'Sunday',
  'Lost',
  'Atomic',
  'Honey',
] as const;

/** The filtered scenario: a genre slug, a city slug and an artist-name fragment. */
export const FILTERED_QUERY = { genre: 'rock', city: 'chicago', search: 'midnight' } as const;

/**
 * People bench:data adds beside the generated fans for bench:fanout, by username. Nobody
 * follows any of them, so any fan can follow them and a follow's timeline work is theirs alone.
 */
export const FANOUT_PEOPLE = {
  /** Wrote CRITIC_REVIEWS reviews of distinct past concerts: a follow brings them all. */
  critic: 'bench_critic',
  /** Wrote nothing: the follow to compare with. */
  newcomer: 'bench_newcomer',
  /** Has no followers: the post to compare a star's with. */
  unfollowed: 'bench_unfollowed',
} as const;

export const CRITIC_REVIEWS = 1000;

/**
 * The league table the rankings scenarios read: the largest one (every city and genre, all
 * time), of artists, by sound.
 */
export const RANKINGS_QUERY = { kind: 'artists', aspect: 'sound' } as const;
