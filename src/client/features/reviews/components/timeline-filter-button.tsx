import { SlidersHorizontal } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '#client/components/ui/button';
import { Label } from '#client/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '#client/components/ui/popover';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select';
import {
  activeFilterCount,
  genreLabel,
  MIN_RATING_CHOICES,
  NO_FILTERS,
  type TimelineFilters,
} from '../lib/timeline-filter';

const ANY = 'any';

/**
 * The timeline's Filter button: genre (of the genres among the loaded reviews), a least
 * rating and photos only. Changes apply at once.
 */
export function TimelineFilterButton({
  filters,
  onChange,
  genres,
}: {
  filters: TimelineFilters;
  onChange: (filters: TimelineFilters) => void;
  genres: readonly string[];
}) {
  const genreId = useId();
  const ratingId = useId();
  const photosId = useId();
  const genreField = useRef<HTMLButtonElement>(null);
  const ratingField = useRef<HTMLButtonElement>(null);
  const active = activeFilterCount(filters);
  // A chosen genre stays listed even when the loaded reviews no longer have it.
  const genreChoices =
    filters.genre && !genres.includes(filters.genre) ? [filters.genre, ...genres] : genres;

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button type="button" variant="outline" className="shrink-0">
          <SlidersHorizontal aria-hidden="true" />
          Filter
          {active > 0 && (
            <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground tabular-nums">
              {active}
              <span className="sr-only"> active</span>
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" aria-label="Filter reviews" className="flex w-72 flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={genreId}>Genre</Label>
          <Select
            value={filters.genre ?? ANY}
            onValueChange={(value) => onChange({ ...filters, genre: value === ANY ? null : value })}
            disabled={genreChoices.length === 0}
          >
            <SelectTrigger id={genreId} ref={genreField}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>All genres</SelectItem>
              {genreChoices.map((genre) => (
                <SelectItem key={genre} value={genre}>
                  {genreLabel(genre)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {genreChoices.length === 0 && (
            <p className="text-xs text-muted-foreground">
              None of the loaded reviews names a genre.
            </p>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={ratingId}>Minimum rating</Label>
          <Select
            value={String(filters.minRating)}
            onValueChange={(value) => onChange({ ...filters, minRating: Number(value) })}
          >
            <SelectTrigger id={ratingId} ref={ratingField}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {MIN_RATING_CHOICES.map((rating) => (
                <SelectItem key={rating} value={String(rating)}>
                  {rating === 0 ? 'Any rating' : `${rating.toFixed(1)} stars and up`}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex items-center gap-2">
          <input
            id={photosId}
            type="checkbox"
            checked={filters.withPhotosOnly}
            onChange={(event) => onChange({ ...filters, withPhotosOnly: event.target.checked })}
            className="size-4 accent-primary"
          />
          <Label htmlFor={photosId}>With photos only</Label>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="self-end"
          disabled={active === 0}
          onClick={() => {
            onChange(NO_FILTERS);
            // This button is disabled now there is nothing to reset: focus the first field.
            (genres.length > 0 ? genreField : ratingField).current?.focus();
          }}
        >
          Reset filters
        </Button>
      </PopoverContent>
    </Popover>
  );
}
