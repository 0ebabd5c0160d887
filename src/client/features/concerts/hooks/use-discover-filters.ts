import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  DEFAULT_FILTERS,
  parseDiscoverSearch,
  toDiscoverSearch,
  type DiscoverFilters,
} from '../lib/discover-filters';

export interface SetFiltersOptions {
  /** Replace the history entry instead of adding one (used while typing). */
  replace?: boolean;
}

/**
 * The Discover filters, kept in the address bar's query so a filtered view can be shared,
 * survives a reload, and steps back with the browser's Back button.
 */
export function useDiscoverFilters() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filters = useMemo(() => parseDiscoverSearch(search), [search]);

  const setFilters = useCallback(
    (patch: Partial<DiscoverFilters>, { replace = false }: SetFiltersOptions = {}) => {
      // Read the query as it is now: a debounced search may land after other changes.
      const current = parseDiscoverSearch(window.location.search);
      const next = toDiscoverSearch({ ...current, ...patch });
      if (next === toDiscoverSearch(current)) return;
      navigate(next ? `${location}?${next}` : location, { replace });
    },
    [location, navigate],
  );

  /** Every filter back to its default; the chosen view stays. */
  const clearFilters = useCallback(() => {
    setFilters({ ...DEFAULT_FILTERS, view: filters.view });
  }, [filters.view, setFilters]);

  return { filters, setFilters, clearFilters };
}
