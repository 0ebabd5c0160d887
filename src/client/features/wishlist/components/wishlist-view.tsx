import { Compass, Heart } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ConcertListItem } from '#shared/schemas/concerts';
import { EmptyState, NoMatches } from '#client/components/layout/empty-state';
import { ListState } from '#client/components/layout/list-state';
import { LoadingStatus } from '#client/components/layout/loading-status';
import { HeadedPage } from '#client/components/layout/page-header';
import { Button } from '#client/components/ui/button';
import { SearchInput } from '#client/components/ui/search-input';
import { Skeleton } from '#client/components/ui/skeleton';
import { paths } from '#client/config/paths';
import { pluralize } from '#client/lib/utils';
import { useMyWishlist } from '../api/get-my-wishlist';
import { filterWishlist } from '../lib/wishlist-search';

/**
 * The wishlist page body: the saved concerts with a local search. `renderConcerts` lays out
 * the concerts (the page passes the shared concert cards).
 */
export function WishlistView({
  renderConcerts,
  renderPlaceholders,
}: {
  renderConcerts: (concerts: ConcertListItem[]) => ReactNode;
  renderPlaceholders?: () => ReactNode;
}) {
  const wishlistQuery = useMyWishlist();
  const concerts = wishlistQuery.data;
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterWishlist(concerts ?? [], query), [concerts, query]);

  return (
    <HeadedPage title="My Wishlist">
      <ListState
        query={wishlistQuery}
        items={concerts}
        loading={
          <LoadingStatus label="Loading wishlist" className="flex flex-col gap-6">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-9 w-full max-w-md" />
            {renderPlaceholders?.()}
          </LoadingStatus>
        }
        error={{
          title: 'Failed to load wishlist',
          description: 'Something went wrong while loading your saved concerts.',
        }}
        empty={<NoConcertsSaved />}
      >
        {(saved) => (
          <>
            <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-muted-foreground" aria-live="polite">
                <span className="font-semibold text-foreground tabular-nums">
                  {pluralize(saved.length, 'saved concert')}
                </span>
                {query.trim() && shown.length !== saved.length && (
                  <span>, {shown.length} shown</span>
                )}
              </p>
              <SearchInput
                className="w-full sm:max-w-xs"
                label="Search your wishlist"
                placeholder="Search artist, venue, city or genre"
                value={query}
                onValueChange={setQuery}
              />
            </div>
            {shown.length === 0 ? (
              <NoMatches
                title="No concerts found"
                description="Nothing in your wishlist matches that search."
                clearLabel="Clear Search"
                onClear={() => setQuery('')}
              />
            ) : (
              renderConcerts(shown)
            )}
          </>
        )}
      </ListState>
    </HeadedPage>
  );
}

/** The empty wishlist, here and on the own profile's Wishlist tab. */
export function NoConcertsSaved() {
  return (
    <EmptyState
      icon={Heart}
      title="No concerts saved"
      description="Tap the heart on any concert to keep it here for later."
      action={
        <Button asChild>
          <Link href={paths.discover}>
            <Compass aria-hidden="true" />
            Discover Concerts
          </Link>
        </Button>
      }
    />
  );
}
