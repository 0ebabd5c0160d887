import { ArrowUp, Newspaper, UserSearch } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { EmptyState, NoMatches } from '#client/components/layout/empty-state';
import { ListState } from '#client/components/layout/list-state';
import { SkeletonStack } from '#client/components/layout/loading-status';
import { LoadMore } from '#client/components/layout/load-more';
import { HeadedPage } from '#client/components/layout/page-header';
import { Button } from '#client/components/ui/button';
import { SearchInput } from '#client/components/ui/search-input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs';
import { paths } from '#client/config/paths';
import { useTimeline } from '../api/get-timeline';
import type { TimelineTab } from '../api/keys';
import { forgetArrivedReviews, newReviewsLabel, useArrivedReviews } from '../lib/arrived-reviews';
import {
  filterTimeline,
  genresOf,
  isFiltering,
  NO_FILTERS,
  type TimelineFilters,
} from '../lib/timeline-filter';
import { ReviewList } from './review-list';
import { TimelineFilterButton } from './timeline-filter-button';

/**
 * The Social Timeline (docs/product.md §2): reviews of the people the viewer follows and Trending,
 * each a list that pages on as it scrolls, with a search and filters over what is loaded.
 */
export function Timeline({ viewerId }: { viewerId: string }) {
  // Until the viewer picks a tab, it opens on Following, or on Trending while Following is
  // empty (no follows, or nobody followed has reviewed yet), so a new member's start is not.
  const [chosenTab, setTab] = useState<TimelineTab | null>(null);
  const following = useTimeline('following');
  const followingIsEmpty = following.data?.pages[0]?.length === 0;
  const tab: TimelineTab = chosenTab ?? (followingIsEmpty ? 'trending' : 'following');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<TimelineFilters>(NO_FILTERS);
  const feed = useTimeline(tab);
  const genres = useMemo(() => genresOf(feed.data?.pages.flat() ?? []), [feed.data]);
  const clear = () => {
    setSearch('');
    setFilters(NO_FILTERS);
  };

  return (
    <HeadedPage
      title="Social Timeline"
      description="Reviews from people you follow, and the shows everyone is talking about"
    >
      <div className="flex gap-2">
        <SearchInput
          className="min-w-0 flex-1 sm:max-w-md"
          label="Search reviews"
          placeholder="Search reviews, artists, or users..."
          value={search}
          onValueChange={setSearch}
        />
        <TimelineFilterButton filters={filters} onChange={setFilters} genres={genres} />
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => setTab(value as TimelineTab)}
        className="flex flex-col gap-4"
      >
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="following">Following</TabsTrigger>
          <TabsTrigger value="trending">Trending</TabsTrigger>
        </TabsList>
        {(['following', 'trending'] as const).map((value) => (
          <TabsContent key={value} value={value}>
            <TimelineFeed
              tab={value}
              viewerId={viewerId}
              search={search}
              filters={filters}
              onClear={clear}
            />
          </TabsContent>
        ))}
      </Tabs>
    </HeadedPage>
  );
}

function TimelineFeed({
  tab,
  viewerId,
  search,
  filters,
  onClear,
}: {
  tab: TimelineTab;
  viewerId: string;
  search: string;
  filters: TimelineFilters;
  onClear: () => void;
}) {
  const feed = useTimeline(tab);
  const reviews = useMemo(() => feed.data?.pages.flat(), [feed.data]);
  const shown = useMemo(
    () => (reviews ? filterTimeline(reviews, search, filters) : []),
    [reviews, search, filters],
  );
  const filtering = isFiltering(search, filters);
  const top = useRef<HTMLDivElement>(null);
  const arrived = useArrivedReviews();
  const waiting = useMemo(() => {
    if (tab !== 'following' || !reviews) return 0;
    const loaded = new Set(reviews.map((review) => review.id));
    return arrived.filter((id) => !loaded.has(id)).length;
  }, [tab, reviews, arrived]);
  const showArrived = async () => {
    await feed.refetch();
    forgetArrivedReviews();
    top.current?.scrollIntoView({ block: 'start' });
    top.current?.focus();
  };

  return (
    <>
      {/* Above the list and out of its flow: appearing, it moves nothing being read. */}
      <div
        ref={top}
        tabIndex={-1}
        className="sticky top-16 z-10 flex h-0 justify-center scroll-mt-20 outline-none"
        aria-live="polite"
      >
        {waiting > 0 && (
          <Button
            size="sm"
            className="rounded-full shadow-md"
            onClick={() => void showArrived()}
            disabled={feed.isRefetching}
          >
            <ArrowUp aria-hidden />
            {newReviewsLabel(waiting)}
          </Button>
        )}
      </div>
      <ListState
        query={feed}
        items={reviews}
        loading={
          <SkeletonStack
            label="Loading reviews"
            count={2}
            skeletonClassName="h-48 w-full rounded-xl"
          />
        }
        error={{ title: 'Failed to load reviews' }}
        empty={
          tab === 'following' ? (
            <EmptyState
              icon={UserSearch}
              title="Your timeline is quiet"
              description="Follow people whose taste you trust, and their reviews show up here."
              action={
                <Button asChild>
                  <Link href={paths.searchUsers}>Discover Users</Link>
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={Newspaper}
              title="No reviews yet"
              description="The best-rated reviews show up here."
            />
          )
        }
      >
        {(loaded) => (
          <div className="flex flex-col gap-3">
            {filtering && (
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {shown.length} of {loaded.length} loaded reviews match
              </p>
            )}
            {shown.length === 0 ? (
              <NoMatches
                title="No reviews found"
                description="Nothing loaded here matches your search and filters."
                clearLabel="Clear Search"
                onClear={onClear}
              />
            ) : (
              <ReviewList
                reviews={shown}
                viewerId={viewerId}
                label={tab === 'following' ? 'Reviews by people you follow' : 'Trending reviews'}
              />
            )}
            <LoadMore query={feed} label="Load more reviews" auto={!filtering} />
          </div>
        )}
      </ListState>
    </>
  );
}
