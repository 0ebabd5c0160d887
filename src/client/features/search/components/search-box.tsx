import { Search } from 'lucide-react';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useLocation } from 'wouter';
import { Spinner } from '#client/components/ui/spinner';
import { Input } from '#client/components/ui/input';
import { useDebouncedValue } from '#client/hooks/use-debounced-value';
import { paths } from '#client/config/paths';
import { cn } from '#client/lib/utils';
import { isSearchable, useSearchSuggestions } from '../api/get-search';
import { searchPageHref, shownGroups, type ShownHit } from '../lib/hits';

/** How long typing pauses before the suggestions are asked for. */
const SUGGEST_AFTER_MS = 150;
export const SEARCH_LABEL = 'Search Encore';
export const SEARCH_PLACEHOLDER = 'Search artists, venues, concerts, people';

/** An option of the list: a hit, or "See all results". */
interface Option extends Pick<ShownHit, 'key' | 'href'> {
  id: string;
}

/**
 * The header's search (ARIA 1.2 combobox with a grouped listbox): suggestions as one types,
 * grouped as Artists, Venues, Concerts and People, then "See all results". Arrow keys move
 * through them, Enter opens the one chosen (or the results page), Escape closes the list
 * and then empties the field; how many were found is announced. "/" or Ctrl+K (⌘K) from
 * anywhere on the page puts the cursor in it.
 */
export function SearchBox({ className }: { className?: string }) {
  const [, navigate] = useLocation();
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const settled = useDebouncedValue(text.trim(), SUGGEST_AFTER_MS);
  // The option chosen with the arrow keys, for the suggestions of one text: none for the next.
  const [pointed, setPointed] = useState({ text: '', index: -1 });
  const active = pointed.text === settled ? pointed.index : -1;
  const setActive = (index: number) => setPointed({ text: settled, index });
  const suggestions = useSearchSuggestions(settled);
  const searchable = isSearchable(settled);

  const groups = useMemo(
    () => (searchable && suggestions.data ? shownGroups(suggestions.data) : []),
    [searchable, suggestions.data],
  );
  const options: Option[] = useMemo(() => {
    const hits = groups.flatMap((group) =>
      group.hits.map((hit) => ({ ...hit, id: `${baseId}-${hit.key}` })),
    );
    return searchable
      ? [...hits, { key: 'all', id: `${baseId}-all`, href: searchPageHref(settled) }]
      : hits;
  }, [groups, searchable, settled, baseId]);
  const found = options.length - 1;
  const expanded = open && searchable && suggestions.data !== undefined;

  useSearchHotkeys(input, () => navigate(paths.search));

  const go = (href: string) => {
    setOpen(false);
    setText('');
    input.current?.blur();
    navigate(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        if (options.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // The field itself (-1), then each option, round again.
        const positions = options.length + 1;
        setActive(((active + 1 + step + positions) % positions) - 1);
        return;
      }
      case 'Enter': {
        if (!isSearchable(text)) return;
        event.preventDefault();
        const chosen = options[active];
        go(chosen && expanded ? chosen.href : searchPageHref(text.trim()));
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (expanded) setOpen(false);
        else setText('');
        return;
    }
  };

  const activeOption = active >= 0 ? options[active] : undefined;

  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        ref={input}
        type="search"
        role="combobox"
        aria-label={SEARCH_LABEL}
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={expanded ? activeOption?.id : undefined}
        aria-keyshortcuts="/ Control+K Meta+K"
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        enterKeyHint="search"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {suggestions.isFetching && searchable && (
        <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2" label="Searching" />
      )}
      <div
        id={listboxId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-[min(32rem,70vh)] overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-lg"
      >
        {groups.map((group) => (
          <div key={group.type} role="group" aria-labelledby={`${baseId}-${group.type}`}>
            <div
              id={`${baseId}-${group.type}`}
              role="presentation"
              className="px-2 pt-2 pb-1 text-xs font-semibold text-muted-foreground"
            >
              {group.label}
            </div>
            {group.hits.map((hit) => {
              const id = `${baseId}-${hit.key}`;
              return (
                <SuggestionOption
                  key={hit.key}
                  id={id}
                  selected={activeOption?.id === id}
                  onChoose={() => go(hit.href)}
                  onPoint={() => setActive(options.findIndex((option) => option.id === id))}
                >
                  <span className="truncate font-medium">{hit.title}</span>
                  {hit.detail && (
                    <span className="truncate text-xs text-muted-foreground">{hit.detail}</span>
                  )}
                </SuggestionOption>
              );
            })}
          </div>
        ))}
        {found === 0 && (
          <p className="px-2 py-3 text-sm">
            No results for “{settled}”
            <span className="block text-xs text-muted-foreground">
              Check the spelling, or try fewer words.
            </span>
          </p>
        )}
        <SuggestionOption
          id={`${baseId}-all`}
          selected={activeOption?.id === `${baseId}-all`}
          onChoose={() => go(searchPageHref(settled))}
          onPoint={() => setActive(options.length - 1)}
        >
          <span className="font-medium text-primary">See all results</span>
        </SuggestionOption>
      </div>
      <p role="status" className="sr-only">
        {expanded
          ? found === 0
            ? `No results for “${settled}”`
            : `${found} ${found === 1 ? 'result' : 'results'}`
          : ''}
      </p>
    </div>
  );
}

function SuggestionOption({
  id,
  selected,
  onChoose,
  onPoint,
  children,
}: {
  id: string;
  selected: boolean;
  onChoose: () => void;
  onPoint: () => void;
  children: ReactNode;
}) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      // The field keeps focus (and the list stays open) while the pointer chooses.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      onMouseMove={onPoint}
      className={cn(
        'flex min-h-11 cursor-pointer flex-col justify-center rounded-sm px-2 py-1.5 text-sm',
        selected && 'bg-accent text-accent-foreground',
      )}
    >
      {children}
    </div>
  );
}

/**
 * "/" (outside a text field) or Ctrl+K / ⌘K (anywhere) focuses the search field, or where
 * it is not shown (a phone's header) opens the search page.
 */
function useSearchHotkeys(input: RefObject<HTMLInputElement | null>, openPage: () => void) {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const field = input.current;
      if (!field) return;
      const target = event.target as HTMLElement | null;
      const typing =
        target?.isContentEditable ||
        ['INPUT', 'TEXTAREA', 'SELECT'].includes(target?.tagName ?? '');
      const commandK = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey);
      if (commandK || (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey)) {
        event.preventDefault();
        if (field.checkVisibility?.() === false) return openPage();
        field.focus();
        field.select();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [input, openPage]);
}
