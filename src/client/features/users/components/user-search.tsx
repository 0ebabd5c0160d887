import { Search, UserSearch as UserSearchIcon, UsersRound } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'wouter';
import { EmptyState } from '#client/components/layout/empty-state';
import { ListState } from '#client/components/layout/list-state';
import { HeadedPage } from '#client/components/layout/page-header';
import { Input } from '#client/components/ui/input';
import { isSearchable, useUserSearch } from '../api/search-users';
import { useUserSuggestions } from '../api/user-suggestions';
import { useDebouncedValue } from '#client/hooks/use-debounced-value';
import { PeopleList } from './people-list';
import { UserCardSkeleton } from './user-card';

/** How long typing must pause before the search is sent. */
const SEARCH_DEBOUNCE_MS = 300;

/** Find Friends (docs/product.md §2): people by username or name, each with a follow toggle. */
export function UserSearch({ viewerId }: { viewerId: string }) {
  const inputId = useId();
  // The search lives in the address (?q=), so Back from a profile returns to the results.
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const term = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    setParams(term ? { q: term } : {}, { replace: true });
  }, [term, setParams]);
  const search = useUserSearch(term);
  const typing = text.trim() !== term;

  return (
    <HeadedPage title="Find Friends" description="Follow fans whose taste you trust">
      <div className="relative w-full sm:max-w-md">
        <label htmlFor={inputId} className="sr-only">
          Search users by username or name
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={inputId}
          type="search"
          placeholder="Search by username or name..."
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="pl-9"
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {isSearchable(text) && search.data && !typing
          ? `${search.data.length} ${search.data.length === 1 ? 'person' : 'people'} found`
          : ''}
      </p>
      <div>
        {!isSearchable(text) ? (
          <div className="flex flex-col gap-6">
            {text.trim() !== '' && (
              <p className="text-sm text-muted-foreground">
                Type at least 2 characters to search for users
              </p>
            )}
            <Suggestions viewerId={viewerId} />
          </div>
        ) : (
          <ListState
            // While the typed text waits for its search, the last answer is not shown as its own.
            query={{ ...search, isPending: search.isPending || (typing && !search.data) }}
            items={search.data}
            loading={<PeopleLoading label="Searching users..." />}
            error={{
              title: 'Search failed',
              description: 'Failed to search users. Please try again.',
            }}
            empty={
              <EmptyState
                icon={UsersRound}
                title="No users found"
                description="No users found matching the query."
              />
            }
          >
            {(people) => <PeopleList label="People found" people={people} viewerId={viewerId} />}
          </ListState>
        )}
      </div>
    </HeadedPage>
  );
}

/** Before anything is typed: people who reviewed the same shows, then top reviewers nearby. */
function Suggestions({ viewerId }: { viewerId: string }) {
  const headingId = useId();
  const suggestions = useUserSuggestions();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Suggested for you
      </h2>
      <ListState
        query={suggestions}
        items={suggestions.data}
        loading={<PeopleLoading label="Loading suggestions..." />}
        error={{
          title: 'Suggestions failed to load',
          description: 'Search by username or name instead, or try again later.',
        }}
        empty={
          <EmptyState
            icon={UserSearchIcon}
            title="No suggestions yet"
            description="Review shows or add your city to your profile to see fans like you. Meanwhile, search by username or name."
          />
        }
      >
        {(people) => <PeopleList label="Suggested for you" people={people} viewerId={viewerId} />}
      </ListState>
    </section>
  );
}

/** Three people's cards drawn as skeletons, under what is being loaded. */
function PeopleLoading({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm text-muted-foreground">
        {label}
      </p>
      {[0, 1, 2].map((n) => (
        <UserCardSkeleton key={n} />
      ))}
    </div>
  );
}
