import { GENRES } from '#shared/limits';
import { Label } from '../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';

/** The Select's own value for "All …": a Select item cannot have an empty value. */
const ALL = 'all';

export interface FilterOption {
  value: string;
  label: string;
}

/** A labelled choice of one option or "All …", which is an empty `value`. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  allLabel,
  options,
}: {
  id: string;
  label: string;
  /** The chosen option's value, or empty for all. */
  value: string;
  onChange: (value: string) => void;
  /** "All Genres". */
  allLabel: string;
  options: readonly FilterOption[];
}) {
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select
        value={value || ALL}
        onValueChange={(chosen) => onChange(chosen === ALL ? '' : chosen)}
      >
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

const GENRE_OPTIONS = GENRES.map((genre) => ({ value: genre.slug, label: genre.name }));

/** "Genre": one of the catalogue's genres by its slug, or All Genres. */
export function GenreFilterSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (slug: string) => void;
}) {
  return (
    <FilterSelect
      id={id}
      label="Genre"
      value={value}
      onChange={onChange}
      allLabel="All Genres"
      options={GENRE_OPTIONS}
    />
  );
}
