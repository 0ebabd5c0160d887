import { useId } from 'react';
import { MAX_REVIEW_HIGHLIGHTS } from '#shared/limits';
import type { ConcertSetlist } from '#shared/schemas/setlists';
import { cn } from '#client/lib/utils';

type Setlist = NonNullable<ConcertSetlist['setlist']>;

/**
 * The show's setlist as toggles, one per song: the reviewer marks up to five highlights,
 * after which the songs not marked are disabled until one is unmarked.
 */
export function HighlightsPicker({
  setlist,
  value,
  onChange,
  disabled,
}: {
  setlist: Setlist;
  value: readonly string[];
  onChange: (highlights: string[]) => void;
  disabled?: boolean;
}) {
  const hintId = useId();
  const full = value.length >= MAX_REVIEW_HIGHLIGHTS;
  const toggle = (title: string) =>
    onChange(value.includes(title) ? value.filter((song) => song !== title) : [...value, title]);

  const songs = (titles: Setlist['songs'], keyPrefix: string) =>
    titles.map(({ title }, index) => {
      const on = value.includes(title);
      return (
        <button
          key={`${keyPrefix}${index}`}
          type="button"
          aria-pressed={on}
          disabled={disabled || (full && !on)}
          onClick={() => toggle(title)}
          className={cn(
            'rounded-full border px-3 py-1 text-sm transition-colors focus-ring disabled:cursor-not-allowed disabled:opacity-50',
            on
              ? 'border-primary bg-primary text-primary-foreground'
              : 'bg-background hover:bg-accent hover:text-accent-foreground',
          )}
        >
          {title}
        </button>
      );
    });

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hintId}>
      <legend className="mb-1 text-sm font-medium">Highlights</legend>
      <p id={hintId} className="text-xs text-muted-foreground">
        Mark up to {MAX_REVIEW_HIGHLIGHTS} songs that made the show ({value.length}/
        {MAX_REVIEW_HIGHLIGHTS} marked).
      </p>
      <div className="flex flex-wrap gap-2">{songs(setlist.songs, 's')}</div>
      {setlist.encoreSongs.length > 0 && (
        <>
          <p className="text-xs font-medium text-muted-foreground">Encore</p>
          <div className="flex flex-wrap gap-2">{songs(setlist.encoreSongs, 'e')}</div>
        </>
      )}
    </fieldset>
  );
}
