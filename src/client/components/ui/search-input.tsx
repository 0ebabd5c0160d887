import { Search, X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils';
import { Input } from './input';

/**
 * A search box with its magnifier and a button that empties it (the browser's own clear
 * button is hidden, as it cannot be styled or reached the same way everywhere).
 */
export function SearchInput({
  value,
  onValueChange,
  onClear = () => onValueChange(''),
  label,
  className,
  ...props
}: Omit<ComponentProps<typeof Input>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onValueChange: (value: string) => void;
  /** What the clear button does; by default it empties the box. */
  onClear?: () => void;
  label: string;
}) {
  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={label}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
        {...props}
      />
      {value && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={onClear}
          className="absolute top-1/2 right-2 inline-flex size-6 -translate-y-1/2 items-center justify-center rounded-sm text-muted-foreground hover:text-foreground focus-ring"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
