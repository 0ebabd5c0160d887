import { useCallback, useMemo, useState } from 'react';
import type { CitySlug } from '#shared/limits';
import type { DiscoverFilters } from '../lib/discover-filters';
import type { SetFiltersOptions } from './use-discover-filters';

type SetFilters = (patch: Partial<DiscoverFilters>, options?: SetFiltersOptions) => void;

/**
 * "Near you": Discover opens filtered to the city the person's profile names, without
 * writing it into the address (a shared link stays everyone's own). Once the person clears
 * it, or picks a location themselves, it stays off until they leave the page; pressing it
 * again brings their city back.
 *
 * Answers the filters the page shows and asks for (the address's, with the city filled in),
 * a `setFilters` that turns the default off whenever a location is chosen, whether "Near
 * you" is on, and its toggle.
 */
export function useNearYou(
  filters: DiscoverFilters,
  setFilters: SetFilters,
  homeCity: CitySlug | null | undefined,
) {
  const [dismissed, setDismissed] = useState(false);
  const byDefault = Boolean(homeCity) && !dismissed && filters.city === '';
  const shown = useMemo<DiscoverFilters>(
    () => (byDefault && homeCity ? { ...filters, city: homeCity } : filters),
    [byDefault, homeCity, filters],
  );
  const on = Boolean(homeCity) && shown.city === homeCity;

  const setShownFilters = useCallback<SetFilters>(
    (patch, options) => {
      if ('city' in patch) setDismissed(true);
      setFilters(patch, options);
    },
    [setFilters],
  );

  /** On: clears the city, and it stays cleared. Off: the person's city again, whatever was picked. */
  const toggle = useCallback(() => {
    setDismissed(on);
    setFilters({ city: '' });
  }, [on, setFilters]);

  /** Clear Filters: the city goes too, and stays gone. */
  const dismiss = useCallback(() => setDismissed(true), []);

  return { filters: shown, setFilters: setShownFilters, nearYou: on, toggle, dismiss };
}
