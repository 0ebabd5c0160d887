import { CITIES, GENRES } from '#shared/limits';

/** The City step's choice besides Encore's cities: a city typed in. */
export const OTHER_CITY = 'other';

/** How a profile keeps one of Encore's cities: "Chicago, IL", as show alerts read it. */
export const locationOfCity = (city: (typeof CITIES)[number]) => `${city.name}, ${city.state}`;

/**
 * The City step's choice for a saved location: one of Encore's cities when it names one
 * ("Chicago", "chicago, IL"), else "Other" with the text, else nothing chosen.
 */
export function cityChoiceOf(location: string | null): { choice: string; other: string } {
  const text = (location ?? '').trim();
  if (!text) return { choice: '', other: '' };
  const head = text.split(',')[0]!.trim().toLowerCase();
  const city = CITIES.find((c) => c.name.toLowerCase() === head || c.slug === head);
  return city ? { choice: city.slug, other: '' } : { choice: OTHER_CITY, other: text };
}

/** What the City step saves as the location: undefined leaves it as it is (nothing chosen). */
export function locationOfChoice(choice: string, other: string): string | undefined {
  if (choice === OTHER_CITY) return other;
  const city = CITIES.find((c) => c.slug === choice);
  return city ? locationOfCity(city) : undefined;
}

/** The slug of Encore's city chosen, for the artists suggested; null for none or Other. */
export const citySlugOfChoice = (choice: string): string | null =>
  CITIES.some((c) => c.slug === choice) ? choice : null;

/** The genres Encore knows among those saved, in Encore's order. */
export const knownGenres = (saved: readonly string[]): string[] =>
  GENRES.filter((g) => saved.includes(g.slug)).map((g) => g.slug);

export const genreName = (slug: string) => GENRES.find((g) => g.slug === slug)?.name ?? slug;
