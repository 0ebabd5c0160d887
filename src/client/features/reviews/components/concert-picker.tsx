import { CalendarDays, CircleCheck, MapPin, Search, X } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { HISTORICAL_SEARCH_MIN } from '#shared/limits';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { Spinner } from '#client/components/ui/spinner';
import { formatDay } from '#client/lib/format';
import { useReviewedConcerts } from '../api/get-reviewed-concerts';
import { usePastConcertSearch } from '../api/search-past-concerts';
import type { DraftConcert } from '../lib/drafts';

/**
 * Create mode's first step: find the past concert by its artist (3 characters or more). Shows
 * the person reviewed already are marked "Reviewed", and choosing one opens that review to
 * edit instead (one review per show).
 */
export function ConcertPicker({
  userId,
  value,
  onChange,
  onChooseReviewed,
  locked,
}: {
  userId: string;
  value: DraftConcert | null;
  onChange: (concert: DraftConcert | null) => void;
  /** A show the person reviewed was chosen: its review, to edit. */
  onChooseReviewed: (reviewId: string) => void;
  /** Edit mode, or opened from a concert's page: the concert is fixed. */
  locked: boolean;
}) {
  const [term, setTerm] = useState('');
  const deferred = useDeferredValue(term);
  const search = usePastConcertSearch(deferred);
  const found = value || !search.data ? [] : search.data.map((concert) => concert.id);
  const reviewed = useReviewedConcerts(userId, found);
  const fieldId = useId();
  const resultsId = useId();

  if (value) {
    return (
      <div className="flex items-start justify-between gap-3 rounded-lg border bg-muted/50 p-3">
        <div className="min-w-0 text-sm">
          <p className="font-semibold">{value.artist}</p>
          <p className="text-muted-foreground">
            {value.venue}, {value.city} · {formatDay(value.date)}
          </p>
        </div>
        {!locked && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
            <X aria-hidden="true" />
            Change
          </Button>
        )}
      </div>
    );
  }

  const trimmed = deferred.trim();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={fieldId} className="text-sm font-medium">
        Concert
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={fieldId}
          type="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          placeholder="Search past concerts by artist..."
          className="pl-9"
          aria-describedby={resultsId}
          autoComplete="off"
        />
      </div>
      <div id={resultsId} aria-live="polite" className="text-sm">
        {trimmed.length < HISTORICAL_SEARCH_MIN ? (
          <p className="text-muted-foreground">
            Type at least {HISTORICAL_SEARCH_MIN} characters of the artist&apos;s name.
          </p>
        ) : search.isPending ? (
          <span className="inline-flex items-center gap-2 text-muted-foreground">
            <Spinner className="size-4" label="Searching concerts" /> Searching...
          </span>
        ) : search.isError ? (
          <p className="text-destructive">Could not search concerts. Please try again.</p>
        ) : search.data.length === 0 ? (
          <p className="text-muted-foreground">No past concerts found for “{trimmed}”.</p>
        ) : (
          <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto" aria-label="Past concerts">
            {search.data.map((concert) => {
              const reviewId = reviewed.reviewIdOf.get(concert.id);
              return (
                <li key={concert.id}>
                  <button
                    type="button"
                    onClick={() => (reviewId ? onChooseReviewed(reviewId) : onChange(concert))}
                    className="w-full rounded-md border px-3 py-2 text-left hover:bg-muted focus-ring"
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="font-medium">{concert.artist}</span>
                      {reviewId && (
                        <span className="inline-flex items-center gap-1 text-xs font-medium text-primary">
                          <CircleCheck className="size-3" aria-hidden="true" />
                          Reviewed
                          <span className="sr-only">: choose to edit your review</span>
                        </span>
                      )}
                    </span>
                    <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                      <span className="inline-flex items-center gap-1">
                        <MapPin className="size-3" aria-hidden="true" />
                        {concert.venue}, {concert.city}
                      </span>
                      <span className="inline-flex items-center gap-1">
                        <CalendarDays className="size-3" aria-hidden="true" />
                        {formatDay(concert.date)}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
