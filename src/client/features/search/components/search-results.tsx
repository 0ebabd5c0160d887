import { SearchX } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'wouter';
import type { SearchType } from '#shared/schemas/search';
import { EmptyState } from '#client/components/layout/empty-state';
import { ListState } from '#client/components/layout/list-state';
import { SkeletonStack } from '#client/components/layout/loading-status';
import { LoadMore } from '#client/components/layout/load-more';
import { cn } from '#client/lib/utils';
import { isSearchable, searchSuggestionsQueryOptions, useSearchGroup } from '../api/get-search';
import { SEARCH_GROUPS, searchPageHref, shownGroups, shownHit, type ShownHit } from '../lib/hits';

/**
 * The /search page's results for `text`: every group (the first few of each, with a way to
 * see the rest of one), or one group a page at a time. People are searched only signed in.
 */
export function SearchResults({
  text,
  type,
  signedIn,
}: {
  text: string;
  type: SearchType | undefined;
  signedIn: boolean;
}) {
  const groups = SEARCH_GROUPS.filter((group) => signedIn || group.type !== 'people');
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Filter results" className="flex flex-wrap gap-2">
        <FilterLink href={searchPageHref(text)} current={!type}>
          All
        </FilterLink>
        {groups.map((group) => (
          <FilterLink
            key={group.type}
            href={searchPageHref(text, group.type)}
            current={type === group.type}
          >
            {group.label}
          </FilterLink>
        ))}
      </nav>
      {!isSearchable(text) ? (
        <p className="text-sm text-muted-foreground">
          Type a name: an artist, a venue, a city or a person.
        </p>
      ) : type ? (
        <OneGroup text={text} type={type} />
      ) : (
        <AllGroups text={text} />
      )}
    </div>
  );
}

function FilterLink({
  href,
  current,
  children,
}: {
  href: string;
  current: boolean;
  children: string;
}) {
  return (
    <Link
      href={href}
      aria-current={current ? 'page' : undefined}
      className={cn(
        'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium focus-ring',
        current ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent',
      )}
    >
      {children}
    </Link>
  );
}

const noResults = (text: string) => (
  <EmptyState
    icon={SearchX}
    title={`No results for “${text}”`}
    description="Check the spelling, or try fewer words: a name alone, or a city."
  />
);

const loading = <SkeletonStack label="Searching" count={3} skeletonClassName="h-14 w-full" />;

function AllGroups({ text }: { text: string }) {
  const query = useQuery(searchSuggestionsQueryOptions(text));
  const groups = useMemo(() => (query.data ? shownGroups(query.data) : undefined), [query.data]);
  return (
    <ListState
      query={query}
      items={groups}
      loading={loading}
      error={{ title: 'Search failed' }}
      empty={noResults(text)}
    >
      {(found) => (
        <div className="flex flex-col gap-6">
          <p className="sr-only" role="status">
            {`Results in ${found.length} ${found.length === 1 ? 'group' : 'groups'}`}
          </p>
          {found.map((group) => (
            <section key={group.type} aria-labelledby={`results-${group.type}`}>
              <h2 id={`results-${group.type}`} className="mb-2 text-lg font-semibold">
                {group.label}
              </h2>
              <HitList hits={group.hits} label={group.label} />
              <Link
                href={searchPageHref(text, group.type)}
                className="mt-2 inline-flex min-h-11 items-center text-sm font-medium text-primary focus-ring"
              >
                All {group.label.toLowerCase()} for “{text}”
              </Link>
            </section>
          ))}
        </div>
      )}
    </ListState>
  );
}

function OneGroup({ text, type }: { text: string; type: SearchType }) {
  const query = useSearchGroup(text, type);
  const label = SEARCH_GROUPS.find((group) => group.type === type)!.label;
  const hits = useMemo(
    () => query.data?.pages.flatMap((page) => page.items.map((hit) => shownHit(type, hit))),
    [query.data, type],
  );
  return (
    <ListState
      query={query}
      items={hits}
      loading={loading}
      error={{ title: 'Search failed' }}
      empty={noResults(text)}
    >
      {(found) => (
        <section aria-labelledby={`results-${type}`} className="flex flex-col gap-3">
          <h2 id={`results-${type}`} className="text-lg font-semibold">
            {label}
          </h2>
          <HitList hits={found} label={label} />
          <LoadMore query={query} label={`Load more ${label.toLowerCase()}`} auto={false} />
        </section>
      )}
    </ListState>
  );
}

function HitList({ hits, label }: { hits: readonly ShownHit[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-col divide-y rounded-md border">
      {hits.map((hit) => (
        <li key={hit.key}>
          <Link
            href={hit.href}
            className="flex min-h-11 flex-col justify-center px-3 py-2 hover:bg-accent focus-ring"
          >
            <span className="font-medium">{hit.title}</span>
            {hit.detail && <span className="text-sm text-muted-foreground">{hit.detail}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
