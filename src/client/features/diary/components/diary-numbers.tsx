import { useId } from 'react';
import type { DiaryStats } from '#shared/schemas/diary';
import { ListState } from '#client/components/layout/list-state';
import { LoadingStatus } from '#client/components/layout/loading-status';
import { Skeleton } from '#client/components/ui/skeleton';
import { pluralize } from '#client/lib/utils';
import { useDiaryStats } from '../api/get-diary';
import { formatDiaryDate } from '../lib/group-by-year';

/** The numbers of a diary: the six counts, the most of each, and shows per year. */
export function DiaryNumbers({ who }: { who: string }) {
  const stats = useDiaryStats(who);
  return (
    <ListState
      query={stats}
      items={stats.data ? [stats.data] : undefined}
      loading={
        <LoadingStatus label="Loading numbers">
          <Skeleton className="h-24 w-full rounded-xl" />
        </LoadingStatus>
      }
      error={{ title: 'Failed to load the numbers' }}
      empty={null}
    >
      {([loaded]) => loaded && <NumbersBody stats={loaded} />}
    </ListState>
  );
}

function NumbersBody({ stats }: { stats: DiaryStats }) {
  const headingId = useId();
  const counts: [string, number][] = [
    ['Shows', stats.shows],
    ['Artists', stats.artists],
    ['Venues', stats.venues],
    ['Cities', stats.cities],
    ['Countries', stats.countries],
    ['Songs heard live', stats.songsHeardLive],
  ];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="sr-only">
        Numbers
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-xl border p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {stats.shows > 0 && (
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          {stats.mostSeenArtist && (
            <div>
              <dt className="text-muted-foreground">Most-seen artist</dt>
              <dd>
                {stats.mostSeenArtist.name} ({pluralize(stats.mostSeenArtist.count, 'show')})
              </dd>
            </div>
          )}
          {stats.mostVisitedVenue && (
            <div>
              <dt className="text-muted-foreground">Most-visited venue</dt>
              <dd>
                {stats.mostVisitedVenue.name}, {stats.mostVisitedVenue.city} (
                {pluralize(stats.mostVisitedVenue.count, 'visit')})
              </dd>
            </div>
          )}
          {stats.firstShow && (
            <div>
              <dt className="text-muted-foreground">First show</dt>
              <dd>
                {stats.firstShow.artist} at {stats.firstShow.venue},{' '}
                {formatDiaryDate(stats.firstShow.date)}
              </dd>
            </div>
          )}
        </dl>
      )}
      {stats.perYear.length > 0 && <ShowsPerYear perYear={stats.perYear} />}
      {stats.topSongs.length > 0 && (
        <div className="text-sm">
          <h3 className="font-semibold">Songs heard most</h3>
          <ol className="mt-1 list-decimal pl-5">
            {stats.topSongs.map((song) => (
              <li key={song.song}>
                {song.song} <span className="text-muted-foreground">× {song.count}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

/** Shows per year: bars for the eye, and the same numbers as a table for screen readers. */
function ShowsPerYear({ perYear }: { perYear: DiaryStats['perYear'] }) {
  const most = Math.max(...perYear.map((row) => row.count));
  return (
    <div className="text-sm">
      <h3 className="font-semibold">Shows per year</h3>
      <div
        aria-hidden="true"
        className="mt-2 flex flex-col gap-1"
        data-testid="shows-per-year-chart"
      >
        {perYear.map((row) => (
          <div key={row.year} className="flex items-center gap-2">
            <span className="w-12 tabular-nums text-muted-foreground">{row.year}</span>
            <span
              className="h-3 rounded bg-primary"
              style={{ width: `${Math.max(2, (row.count / most) * 100)}%` }}
            />
            <span className="tabular-nums">{row.count}</span>
          </div>
        ))}
      </div>
      <table className="sr-only">
        <caption>Shows per year</caption>
        <thead>
          <tr>
            <th scope="col">Year</th>
            <th scope="col">Shows</th>
          </tr>
        </thead>
        <tbody>
          {perYear.map((row) => (
            <tr key={row.year}>
              <th scope="row">{row.year}</th>
              <td>{row.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
