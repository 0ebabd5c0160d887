/** Which of our cities a person's alerts and feed look at: their profile's and their chosen ones. */
import { CITIES, cityOfLocation, type CitySlug } from '#shared/limits';

export { cityOfLocation };

export function cityNamesOfSlugs(slugs: readonly string[]): string[] {
  return CITIES.filter((c) => slugs.includes(c.slug)).map((c) => c.name);
}

export function citySlugsOfNames(names: readonly string[]): CitySlug[] {
  return CITIES.filter((c) => names.includes(c.name)).map((c) => c.slug);
}
