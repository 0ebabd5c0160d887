import { useId } from 'react';
import type { SetlistSong } from '#shared/schemas/setlists';
import { LoadError } from '#client/components/layout/list-state';
import { LoadingStatus } from '#client/components/layout/loading-status';
import { Skeleton } from '#client/components/ui/skeleton';
import { useSetlist } from '../api/get-setlist';

const marked = (count: number) =>
  count === 1 ? '1 reviewer marked this' : `${count} reviewers marked this`;

/**
 * The concert's setlist, in order and then the encore, each song with how many reviewers
 * marked it as a highlight. A concert without a setlist shows nothing.
 */
export function ConcertSetlist({ concertId }: { concertId: string }) {
  const headingId = useId();
  const query = useSetlist(concertId);
  if (query.isPending) {
    return (
      <LoadingStatus label="Loading setlist" className="flex flex-col gap-2">
        <Skeleton className="h-6 w-32" aria-hidden="true" />
        <Skeleton className="h-4 w-2/3" aria-hidden="true" />
      </LoadingStatus>
    );
  }
  if (query.isError) return <LoadError query={query} title="Failed to load the setlist" />;
  const setlist = query.data.setlist;
  if (!setlist) return null;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight">
        Setlist
      </h2>
      <SongList songs={setlist.songs} />
      {setlist.encoreSongs.length > 0 && (
        <>
          <h3 className="text-sm font-semibold text-muted-foreground">Encore</h3>
          <SongList songs={setlist.encoreSongs} start={setlist.songs.length + 1} />
        </>
      )}
      {setlist.source && (
        <a
          href={setlist.source}
          target="_blank"
          rel="noreferrer"
          className="focus-ring w-fit rounded-sm text-sm text-primary underline-offset-4 hover:underline"
        >
          Setlist source
        </a>
      )}
    </section>
  );
}

function SongList({ songs, start = 1 }: { songs: SetlistSong[]; start?: number }) {
  return (
    <ol start={start} className="flex flex-col divide-y rounded-xl border bg-card">
      {songs.map((song, index) => (
        <li
          key={index}
          className="flex items-center justify-between gap-3 px-4 py-2 text-sm"
          data-song={song.title}
        >
          <span>
            <span className="mr-2 text-muted-foreground tabular-nums">{start + index}.</span>
            {song.title}
          </span>
          {song.highlights > 0 && (
            <span
              className="shrink-0 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium tabular-nums"
              title={marked(song.highlights)}
            >
              <span aria-hidden="true">★ {song.highlights}</span>
              <span className="sr-only">{marked(song.highlights)}</span>
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
