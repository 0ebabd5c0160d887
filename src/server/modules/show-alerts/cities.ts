/** Which of our cities a person's alerts and feed look at: their profile's and their chosen ones. */
import { CITIES, type CitySlug } from '#shared/limits';

/**
 * The city a profile's free-text location names: "Chicago", "chicago, IL" → Chicago.
 * The same rule as the alert job's SQL (`profileCityName`): the part before a comma.
 */
export function cityOfLocation(location: string | null): (typeof CITIES)[number] | null {
  const head = (location ?? '').split(',')[0]!.trim().toLowerCase();
  if (!head) return null;
  return CITIES.find((c) => c.name.toLowerCase() === head || c.slug === head) ?? null;
}

export function cityNamesOfSlugs(slugs: readonly string[]): string[] {
  return CITIES.filter((c) => slugs.includes(c.slug)).map((c) => c.name);
}

export function citySlugsOfNames(names: readonly string[]): CitySlug[] {
  return CITIES.filter((c) => names.includes(c.name)).map((c) => c.slug);
}
