import { LayoutGrid, List, LoaderCircle, MapPin, X } from 'lucide-react';
import { useDeferredValue, useMemo, useRef, useState, type ReactNode } from 'react';
import { DISCOVER_PLACEHOLDER_CARDS, type CitySlug } from '#shared/limits';
import type { ConcertListItem } from '#shared/schemas/concerts';
import { NoMatches } from '#client/components/layout/empty-state';
import { ListState } from '#client/components/layout/list-state';
import { useFocusFirstNew } from '#client/components/layout/load-more';
import { Button } from '#client/components/ui/button';
import { ToggleGroup, ToggleGroupItem } from '#client/components/ui/toggle-group';
import { useConcerts } from '../api/get-concerts';
import { useOwnMarks } from '../api/get-own-marks';
import { useDiscoverFilters } from '../hooks/use-discover-filters';
import { useNearYou } from '../hooks/use-near-you';
import { dayKey } from '../lib/concert-format';
import {
  concertsQuery,
  DEFAULT_PRICE_RANGE,
  isDefaultPriceRange,
  matchesPriceRange,
  type ConcertView,
  type PriceRange,
} from '../lib/discover-filters';
import { AttendanceToggle } from './attendance-toggle';
import { ConcertCard, ConcertCardSkeleton, ConcertGrid } from './concert-card';
import { DiscoverFilterBar } from './discover-filter-bar';
import { ProvidersSkippedNote } from './providers-skipped-note';
import { TrendingGenres } from './trending-genres';

/**
 * The Discover page body: filters (in the address bar, except the local price range and
 * "Near you"), the trending genres, and the concerts found, 24 at a time. `homeCity` is the
 * city the signed-in person's profile names, if it is one of ours: the list opens filtered
 * to it.
 */
export function DiscoverConcerts({
  renderWishlistToggle,
  homeCity,
  signedIn = false,
}: {
  renderWishlistToggle?: (concert: ConcertListItem) => ReactNode;
  homeCity?: CitySlug | null;
  /** Cards then have "Going" / "I was there", from the viewer's marks read a page at a time. */
  signedIn?: boolean;
}) {
  const today = dayKey();
  const addressed = useDiscoverFilters();
  const { filters, setFilters, nearYou, toggle, dismiss } = useNearYou(
    addressed.filters,
    addressed.setFilters,
    homeCity,
  );
  const { clearFilters } = addressed;
  const [priceRange, setPriceRange] = useState<PriceRange>(DEFAULT_PRICE_RANGE);
  const query = concertsQuery(filters, today);
  const concertPages = useConcerts(query);
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = concertPages;
  const focusNew = useFocusFirstNew(concertPages);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const loaded = useMemo(() => data?.pages.flatMap((page) => page.concerts) ?? [], [data]);
  const pageIds = useMemo(
    () => data?.pages.map((page) => page.concerts.map((concert) => concert.id)) ?? [],
    [data],
  );
  const marks = useOwnMarks(pageIds, signedIn);
  const renderAttendanceToggle = signedIn
    ? (concert: ConcertListItem) => {
        const status = marks.statusOf(concert.id);
        // Until the page's marks are known, no toggle: it would show unpressed.
        if (status === undefined) return null;
        return (
          <AttendanceToggle
            concert={{
              ...concert,
              viewerAttendance: status,
              viewerReviewId: marks.reviewIdOf(concert.id),
            }}
            marksKey={marks.keyOf(concert.id)}
            size="sm"
          />
        );
      }
    : undefined;
  const ticketmasterLeftOut = data?.pages.some((page) => page.ticketmasterLeftOut) ?? false;
  const total = data?.pages[0]?.total ?? null;
  const shown = useMemo(
    () => loaded.filter((concert) => matchesPriceRange(concert.price, priceRange)),
    [loaded, priceRange],
  );

  const resetAll = () => {
    setPriceRange(DEFAULT_PRICE_RANGE);
    dismiss();
    clearFilters();
    // The Clear Filters button leaves with the empty state: focus goes to the top of the results.
    resultsHeading.current?.focus();
  };

  return (
    <div className="flex flex-col gap-6">
      <DiscoverFilterBar
        filters={filters}
        setFilters={setFilters}
        priceRange={priceRange}
        onPriceRangeChange={setPriceRange}
        today={today}
      />
      <TrendingGenres active={filters.genre} onSelect={(genre) => setFilters({ genre })} />

      <section aria-labelledby="discover-results" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2
            id="discover-results"
            ref={resultsHeading}
            tabIndex={-1}
            className="rounded-sm text-sm font-normal text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            aria-live="polite"
          >
            {isPending ? (
              'Loading concerts...'
            ) : isError ? null : (
              <FoundCount
                total={total ?? { count: loaded.length, more: hasNextPage }}
                inPriceRange={isDefaultPriceRange(priceRange) ? null : shown.length}
              />
            )}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            {homeCity && <NearYouToggle on={nearYou} onToggle={toggle} />}
            <ViewSwitch view={filters.view} onChange={(view) => setFilters({ view })} />
          </div>
        </div>
        <ProvidersSkippedNote ticketmasterLeftOut={ticketmasterLeftOut} />

        <ListState
          query={concertPages}
          items={data ? shown : undefined}
          loading={
            <ConcertGrid view={filters.view} aria-busy>
              {Array.from({ length: DISCOVER_PLACEHOLDER_CARDS }, (_, index) => (
                <ConcertCardSkeleton key={index} view={filters.view} />
              ))}
            </ConcertGrid>
          }
          error={{ title: 'Failed to load concerts. Please try again.' }}
          empty={
            <NoMatches
              title="No concerts found"
              description="Try adjusting your search criteria or browse by genre"
              clearLabel="Clear Filters"
              onClear={resetAll}
            />
          }
        >
          {(list) => (
            <ConcertCards
              concerts={list}
              view={filters.view}
              today={today}
              renderWishlistToggle={renderWishlistToggle}
              renderAttendanceToggle={renderAttendanceToggle}
            />
          )}
        </ListState>

        {!isPending && !isError && loaded.length > 0 && hasNextPage && (
          <div className="flex justify-center pt-2">
            <Button
              type="button"
              variant="outline"
              size="lg"
              disabled={isFetchingNextPage}
              onClick={(event) => {
                focusNew.ask(event);
                void fetchNextPage();
              }}
            >
              {isFetchingNextPage && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              {isFetchingNextPage ? 'Loading...' : 'Load More Concerts'}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}

/**
 * The concerts found. The first screenful (as many as the placeholders were) renders with the
 * page, and the rest of the page of 24 just after, in a render React can interrupt: on a slow phone, rendering all 24 cards at
 * once holds up the first poster's paint and any tap meanwhile.
 */
function ConcertCards({
  concerts,
  view,
  today,
  renderWishlistToggle,
  renderAttendanceToggle,
}: {
  concerts: readonly ConcertListItem[];
  view: ConcertView;
  today: string;
  renderWishlistToggle?: (concert: ConcertListItem) => ReactNode;
  renderAttendanceToggle?: ((concert: ConcertListItem) => ReactNode) | undefined;
}) {
  const shownCount = useDeferredValue(
    concerts.length,
    Math.min(concerts.length, DISCOVER_PLACEHOLDER_CARDS),
  );
  return (
    <ConcertGrid view={view}>
      {concerts.slice(0, shownCount).map((concert, index) => (
        <ConcertCard
          key={concert.id}
          concert={concert}
          view={view}
          today={today}
          priority={index === 0}
          wishlistToggle={renderWishlistToggle?.(concert)}
          attendanceToggle={renderAttendanceToggle?.(concert)}
        />
      ))}
    </ConcertGrid>
  );
}

const countFormat = new Intl.NumberFormat('en-US');

/**
 * "124 concerts": how many the filters find over all pages, as the server counts them
 * ("10,000+ concerts" past its cap). The price range filters the loaded concerts only, so
 * with one chosen the line also says how many of those it leaves.
 */
function FoundCount({
  total,
  inPriceRange,
}: {
  total: { count: number; more: boolean };
  inPriceRange: number | null;
}) {
  const { count, more } = total;
  return (
    <>
      <span className="font-semibold text-foreground tabular-nums">
        {countFormat.format(count)}
        {more && '+'}
      </span>{' '}
      {count === 1 && !more ? 'concert' : 'concerts'}
      {inPriceRange !== null && (
        <>
          {' · '}
          <span className="tabular-nums">{countFormat.format(inPriceRange)}</span> shown in this
          price range
        </>
      )}
    </>
  );
}

/** "Near you": pressed while the list is filtered to the person's city; one press clears it. */
function NearYouToggle({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  return (
    <Button
      type="button"
      variant={on ? 'default' : 'outline'}
      size="sm"
      aria-pressed={on}
      className="rounded-full"
      onClick={onToggle}
    >
      <MapPin aria-hidden="true" />
      Near you
      {on && <X aria-hidden="true" />}
    </Button>
  );
}

function ViewSwitch({
  view,
  onChange,
}: {
  view: ConcertView;
  onChange: (view: ConcertView) => void;
}) {
  return (
    <ToggleGroup
      type="single"
      value={view}
      aria-label="Layout"
      onValueChange={(value) => {
        if (value === 'grid' || value === 'list') onChange(value);
      }}
    >
      <ToggleGroupItem value="grid" aria-label="Grid view">
        <LayoutGrid aria-hidden="true" />
        <span className="hidden sm:inline">Grid</span>
      </ToggleGroupItem>
      <ToggleGroupItem value="list" aria-label="List view">
        <List aria-hidden="true" />
        <span className="hidden sm:inline">List</span>
      </ToggleGroupItem>
    </ToggleGroup>
  );
}
