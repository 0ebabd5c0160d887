import { useCallback, useId } from 'react';
import { CITIES, GENRES, PRICE_MAX, PRICE_MIN, PRICE_STEP } from '#shared/limits';
import { Label } from '../../../components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select';
import { Slider } from '../../../components/ui/slider';
import { cityLabel } from '../lib/concert-format';
import {
  isCitySlug,
  isGenreSlug,
  priceRangeLabel,
  type DiscoverFilters,
  type PriceRange,
} from '../lib/discover-filters';
import type { SetFiltersOptions } from '../hooks/use-discover-filters';
import { DateRangeFilter } from './date-range-filter';
import { SearchField } from './search-field';

const ALL = 'all';

/** Search, dates, price, location and genre (spec §2 Discover filter bar). */
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
  const commitSearch = useCallback(
    (search: string) => setFilters({ search }, { replace: true }),
    [setFilters],
  );

  return (
    <section
      aria-label="Filters"
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
    >
      <SearchField
        value={filters.search}
        onCommit={commitSearch}
        label="Search concerts"
        placeholder="Search artists, venues or cities..."
      />
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
              onValueChange={([min = PRICE_MIN, max = PRICE_MAX]) => onPriceRangeChange([min, max])}
              thumbLabels={['Minimum price', 'Maximum price']}
            />
          </div>
        </div>

        <div className="grid min-w-0 gap-2">
          <Label htmlFor={`${ids}-city`}>Location</Label>
          <Select
            value={filters.city || ALL}
            onValueChange={(value) => setFilters({ city: isCitySlug(value) ? value : '' })}
          >
            <SelectTrigger id={`${ids}-city`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All Locations</SelectItem>
              {CITIES.map((city) => (
                <SelectItem key={city.slug} value={city.slug}>
                  {cityLabel(city)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        <div className="grid min-w-0 gap-2">
          <Label htmlFor={`${ids}-genre`}>Genre</Label>
          <Select
            value={filters.genre || ALL}
            onValueChange={(value) => setFilters({ genre: isGenreSlug(value) ? value : '' })}
          >
            <SelectTrigger id={`${ids}-genre`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All Genres</SelectItem>
              {GENRES.map((genre) => (
                <SelectItem key={genre.slug} value={genre.slug}>
                  {genre.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
    </section>
  );
}
