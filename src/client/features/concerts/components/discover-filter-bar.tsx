import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { CITIES, PRICE_MAX, PRICE_MIN, PRICE_STEP } from '#shared/limits';
import {
  FilterSelect,
  GenreFilterSelect,
  type FilterOption,
} from '#client/components/layout/filter-select';
import { Button } from '#client/components/ui/button';
import { Label } from '#client/components/ui/label';
import { Slider } from '#client/components/ui/slider';
import { useIsMobile } from '#client/hooks/use-is-mobile';
import { cn } from '#client/lib/utils';
import { cityLabel } from '../lib/concert-format';
import {
  changedFilterCount,
  isCitySlug,
  isGenreSlug,
  priceRangeLabel,
  type DiscoverFilters,
  type PriceRange,
} from '../lib/discover-filters';
import type { SetFiltersOptions } from '../hooks/use-discover-filters';
import { DateRangeFilter } from './date-range-filter';
import { SearchField } from './search-field';

const CITY_OPTIONS: FilterOption[] = CITIES.map((city) => ({
  value: city.slug,
  label: cityLabel(city),
}));

/**
 * Search, dates, price, location and genre (docs/product.md §2 "Discover Concerts"). Below 768 px
 * all but the search fold behind a "Filters" button that counts the filters changed from
 * their defaults, so the first concerts are on the first screen and searching takes no extra
 * tap; wider screens always show them all. Folded, they
 * are not rendered until first unfolded: on a phone their lists and slider would otherwise
 * be part of the work done before the first poster paints.
 */
export function DiscoverFilterBar({
  filters,
  setFilters,
  priceRange,
  onPriceRangeChange,
  today,
}: {
  filters: DiscoverFilters;
  setFilters: (patch: Partial<DiscoverFilters>, options?: SetFiltersOptions) => void;
  priceRange: PriceRange;
  onPriceRangeChange: (range: PriceRange) => void;
  today: string;
}) {
  const ids = useId();
  const [unfolded, setUnfolded] = useState(false);
  const [everUnfolded, setEverUnfolded] = useState(false);
  if (unfolded && !everUnfolded) setEverUnfolded(true);
  const isMobile = useIsMobile();
  const rendered = !isMobile || everUnfolded;
  const changed = changedFilterCount(filters, priceRange);
  const commitSearch = useCallback(
    (search: string) => setFilters({ search }, { replace: true }),
    [setFilters],
  );

  const searchField = (
    <SearchField
      value={filters.search}
      onCommit={commitSearch}
      label="Search concerts"
      placeholder="Search artists, venues or cities..."
    />
  );

  return (
    <div className="flex flex-col gap-3">
      {isMobile && searchField}
      <Button
        type="button"
        variant="outline"
        className="self-start md:hidden"
        aria-expanded={unfolded}
        aria-controls={rendered ? `${ids}-filters` : undefined}
        // The badge reads as part of the name: "Filters (2)".
        aria-label={changed > 0 ? `Filters (${changed})` : undefined}
        onClick={() => setUnfolded((shown) => !shown)}
      >
        <SlidersHorizontal aria-hidden="true" />
        Filters
        {changed > 0 && (
          <span className="flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground tabular-nums">
            {changed}
          </span>
        )}
        <ChevronDown
          aria-hidden="true"
          className={cn('transition-transform', unfolded && 'rotate-180')}
        />
      </Button>
      {rendered && (
        <section
          id={`${ids}-filters`}
          aria-label="Filters"
          className={cn(
            'grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5',
            !unfolded && 'max-md:hidden',
          )}
        >
          {!isMobile && searchField}
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <div className="grid min-w-0 gap-2">
              <Label htmlFor={`${ids}-dates`}>Dates</Label>
              <DateRangeFilter
                id={`${ids}-dates`}
                startDate={filters.startDate}
                endDate={filters.endDate}
                today={today}
                onChange={(range) => setFilters(range)}
              />
            </div>

            <div className="grid min-w-0 gap-2">
              <div className="flex items-center justify-between gap-2">
                <span id={`${ids}-price`} className="text-sm leading-none font-medium">
                  Price
                </span>
                <span className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
                  {priceRangeLabel(priceRange)}
                </span>
              </div>
              <div className="flex h-9 items-center px-1">
                <Slider
                  aria-labelledby={`${ids}-price`}
                  min={PRICE_MIN}
                  max={PRICE_MAX}
                  step={PRICE_STEP}
                  minStepsBetweenThumbs={0}
                  value={[...priceRange]}
                  onValueChange={([min = PRICE_MIN, max = PRICE_MAX]) =>
                    onPriceRangeChange([min, max])
                  }
                  thumbLabels={['Minimum price', 'Maximum price']}
                />
              </div>
            </div>

            <FilterSelect
              id={`${ids}-city`}
              label="Location"
              value={filters.city}
              onChange={(value) => setFilters({ city: isCitySlug(value) ? value : '' })}
              allLabel="All Locations"
              options={CITY_OPTIONS}
            />

            <GenreFilterSelect
              id={`${ids}-genre`}
              value={filters.genre}
              onChange={(value) => setFilters({ genre: isGenreSlug(value) ? value : '' })}
            />
          </div>
        </section>
      )}
    </div>
  );
}
