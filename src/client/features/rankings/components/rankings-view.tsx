import { Trophy } from 'lucide-react';
import { useCallback, useId, useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { CITIES, GENRES } from '#shared/limits';
import { DEFAULT_RANKING_RULE, ruleSentence } from '#shared/ranking-rule';
import {
  RANKING_ASPECTS,
  RANKING_KINDS,
  RANKING_PERIODS,
  type RankingRow,
  type Rankings,
} from '#shared/schemas/rankings';
import { EmptyState } from '#client/components/layout/empty-state';
import { FilterSelect, GenreFilterSelect } from '#client/components/layout/filter-select';
import { ListState } from '#client/components/layout/list-state';
import { AvatarLinesSkeleton, LoadingStatus } from '#client/components/layout/loading-status';
import { Skeleton } from '#client/components/ui/skeleton';
import { ToggleGroup, ToggleGroupItem } from '#client/components/ui/toggle-group';
import { artistPath, venuePath } from '#client/config/paths';
import { cn, pluralize } from '#client/lib/utils';
import { useRankings } from '../api/get-rankings';
import {
  ASPECT_LABELS,
  KIND_LABELS,
  parseRankingsSearch,
  PERIOD_LABELS,
  toRankingsSearch,
  type RankingsFilters,
} from '../lib/rankings-filters';

/** The filters, in the address bar so a table can be shared and Back steps through choices. */
function useRankingsFilters() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filters = useMemo(() => parseRankingsSearch(search), [search]);
  const setFilters = useCallback(
    (patch: Partial<RankingsFilters>) => {
      const current = parseRankingsSearch(window.location.search);
      const next = toRankingsSearch({ ...current, ...patch });
      if (next === toRankingsSearch(current)) return;
      navigate(next ? `${location}?${next}` : location);
    },
    [location, navigate],
  );
  return { filters, setFilters };
}

/** The rule for anyone who does not read Bayesian averages; the exact sentence follows it. */
const PLAIN_RULE =
  'Ranked by score, not by a plain average: shows with few reviews count less until more people rate them.';

/** Rankings filter by a city's name, as the reviews' concerts name it. */
const CITY_OPTIONS = CITIES.map((city) => ({
  value: city.name,
  label: `${city.name}, ${city.state}`,
}));

/**
 * The league tables (docs/product.md §2 "Rankings"): venues or artists ranked by one aspect,
 * in a city and a genre, over all time or the last 12 months, under the rule the sentence
 * states (the server's, from its answer).
 */
export function RankingsView() {
  const ids = useId();
  const { filters, setFilters } = useRankingsFilters();
  const table = useRankings(filters);
  const rule = table.data?.rule ?? DEFAULT_RANKING_RULE;
  const subjects = filters.kind;

  return (
    <div className="flex flex-col gap-6">
      <section
        aria-label="Table"
        className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
      >
        <div className="flex flex-wrap gap-x-6 gap-y-4">
          <Choice
            label="Rank"
            value={filters.kind}
            values={RANKING_KINDS}
            labels={KIND_LABELS}
            onChange={(kind) => setFilters({ kind })}
          />
          <Choice
            label="Period"
            value={filters.period}
            values={RANKING_PERIODS}
            labels={PERIOD_LABELS}
            onChange={(period) => setFilters({ period })}
          />
        </div>
        <Choice
          label="Rated for"
          value={filters.aspect}
          values={RANKING_ASPECTS}
          labels={ASPECT_LABELS}
          onChange={(aspect) => setFilters({ aspect })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FilterSelect
            id={`${ids}-city`}
            label="City"
            value={filters.city}
            onChange={(city) => setFilters({ city })}
            allLabel="All Cities"
            options={CITY_OPTIONS}
          />
          <GenreFilterSelect
            id={`${ids}-genre`}
            value={filters.genre}
            onChange={(genre) => setFilters({ genre })}
          />
        </div>
      </section>

      <div className="flex flex-col gap-1 text-sm text-pretty">
        <p>{PLAIN_RULE}</p>
        <p className="text-muted-foreground">{ruleSentence(rule, subjects)}</p>
      </div>

      <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-3">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          {tableTitle(filters)}
        </h2>
        <ListState
          query={table}
          items={table.data?.rows}
          loading={<RankingsSkeleton />}
          error={{
            title: 'Failed to load rankings',
            description: 'The table could not be loaded. Please try again.',
          }}
          empty={
            <EmptyState
              icon={Trophy}
              title={`No ${subjects} have enough reviews yet`}
              description={`A ${subjects === 'venues' ? 'venue' : 'artist'} is ranked once it has ${pluralize(rule.minReviews, 'review')} here. Try another city, genre or period.`}
            />
          }
        >
          {(rows) => <RankingsList rows={rows} kind={filters.kind} labelledBy={`${ids}-title`} />}
        </ListState>
      </section>
    </div>
  );
}

function tableTitle(filters: RankingsFilters): string {
  const place = filters.city ? ` in ${filters.city}` : '';
  const genre = GENRES.find((g) => g.slug === filters.genre)?.name;
  const period = filters.period === '12m' ? ', last 12 months' : ', all time';
  return `${KIND_LABELS[filters.kind]}${genre ? ` · ${genre}` : ''}${place}: ${ASPECT_LABELS[filters.aspect]}${period}`;
}

/**
 * One choice among a few `values`, each shown by its entry in `labels`, as a row of toggles
 * (a radio group: arrows move, Space picks).
 */
function Choice<T extends string>({
  label,
  value,
  values,
  labels,
  onChange,
}: {
  label: string;
  value: T;
  values: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  const labelId = useId();
  return (
    <div className="grid min-w-0 gap-2">
      <span id={labelId} className="text-sm leading-none font-medium">
        {label}
      </span>
      <ToggleGroup
        type="single"
        value={value}
        aria-labelledby={labelId}
        className="flex w-full flex-wrap sm:w-fit"
        onValueChange={(next) => {
          const picked = values.find((option) => option === next);
          if (picked) onChange(picked);
        }}
      >
        {values.map((option) => (
          <ToggleGroupItem
            key={option}
            value={option}
            className="flex-auto whitespace-nowrap sm:flex-none"
          >
            {labels[option]}
          </ToggleGroupItem>
        ))}
      </ToggleGroup>
    </div>
  );
}

function RankingsList({
  rows,
  kind,
  labelledBy,
}: {
  rows: readonly RankingRow[];
  kind: Rankings['kind'];
  labelledBy: string;
}) {
  return (
    <ol aria-labelledby={labelledBy} className="divide-y rounded-xl border bg-card">
      {rows.map((row) => (
        <RankingItem key={row.id} row={row} kind={kind} />
      ))}
    </ol>
  );
}

function RankingItem({ row, kind }: { row: RankingRow; kind: Rankings['kind'] }) {
  const href = kind === 'venues' ? venuePath(row.id) : artistPath(row.id);
  const detail = kind === 'venues' ? row.city : genreNames(row.genres);
  return (
    <li className="flex items-center gap-3 px-3 py-3 sm:px-4">
      <span
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold tabular-nums',
          row.rank === 1
            ? 'bg-linear-to-br from-brand-from to-brand-to text-white'
            : 'bg-muted text-muted-foreground',
        )}
      >
        <span className="sr-only">Rank </span>
        {row.rank}
      </span>
      <div className="min-w-0 flex-1">
        <Link
          href={href}
          className="focus-ring block rounded-sm font-medium break-words hover:underline"
        >
          {row.name}
        </Link>
        <p className="text-sm break-words text-muted-foreground">
          {detail ? `${detail} · ` : ''}
          {/* One number per row, the score: a second average beside it read as a contradiction. */}
          {pluralize(row.reviewCount, 'review')}
        </p>
      </div>
      <p className="shrink-0 text-right">
        <span className="block text-lg font-semibold tabular-nums">{row.score.toFixed(2)}</span>
        <span className="block text-xs text-muted-foreground">score</span>
      </p>
    </li>
  );
}

function genreNames(slugs: readonly string[]): string {
  return slugs.map((slug) => GENRES.find((g) => g.slug === slug)?.name ?? slug).join(', ');
}

function RankingsSkeleton() {
  return (
    <LoadingStatus label="Loading rankings">
      <ul aria-hidden="true" className="divide-y rounded-xl border bg-card">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="flex items-center gap-3 px-3 py-3 sm:px-4">
            <AvatarLinesSkeleton
              avatarClassName="size-8"
              lineClassNames={['h-4 w-2/3', 'h-3 w-1/2']}
            />
            <Skeleton className="h-6 w-10" />
          </li>
        ))}
      </ul>
    </LoadingStatus>
  );
}
