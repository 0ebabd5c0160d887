import {
  FilePenLine,
  Heart,
  MessageCircle,
  PenLine,
  Star,
  Trash2,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '#client/components/layout/empty-state';
import { ListState } from '#client/components/layout/list-state';
import { LoadMoreButton } from '#client/components/layout/load-more';
import { SkeletonStack } from '#client/components/layout/loading-status';
import { HeadedPage } from '#client/components/layout/page-header';
import { Button } from '#client/components/ui/button';
import { RelativeTime } from '#client/components/ui/relative-time';
import { Skeleton } from '#client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs';
import { formatDay, formatRating } from '#client/lib/format';
import { useUserReviews } from '../api/get-user-reviews';
import { useUserStats } from '../api/get-user-stats';
import { useReviewDialog } from '../hooks/review-dialog';
import { deleteDraft, useDrafts, type ReviewDraft } from '../lib/drafts';
import { ReviewList } from './review-list';
import { IconBadge } from '#client/components/layout/icon-badge';

/**
 * My Reviews (docs/product.md §2): the person's numbers, their reviews (each editable), and the
 * drafts they started in this browser and did not post.
 */
export function MyReviews({ userId }: { userId: string }) {
  const { openReviewDialog } = useReviewDialog();
  const reviewsQuery = useUserReviews(userId);
  const drafts = useDrafts(userId);
  const stats = useUserStats(userId);
  const reviews = reviewsQuery.data?.pages.flat();
  const writeButton = (
    <Button type="button" onClick={() => openReviewDialog()}>
      <PenLine aria-hidden="true" />
      Write Review
    </Button>
  );

  return (
    <HeadedPage title="My Reviews" description="Every show you have reviewed" actions={writeButton}>
      <ul aria-label="Your numbers" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile icon={PenLine} label="Total Reviews" value={stats.data?.reviewsWritten} />
        <StatTile
          icon={Star}
          label="Avg Rating"
          value={
            stats.data
              ? stats.data.averageRating === null
                ? '–'
                : formatRating(stats.data.averageRating)
              : undefined
          }
        />
        <StatTile icon={Heart} label="Total Likes" value={stats.data?.likesReceived} />
        <StatTile icon={MessageCircle} label="Comments" value={stats.data?.commentsReceived} />
      </ul>

      <Tabs defaultValue="reviews" className="flex flex-col gap-4">
        <TabsList>
          <TabsTrigger value="reviews">
            My Reviews ({stats.data?.reviewsWritten ?? reviews?.length ?? 0})
          </TabsTrigger>
          <TabsTrigger value="drafts">Drafts ({drafts.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="reviews">
          <ListState
            query={reviewsQuery}
            items={reviews}
            loading={
              <SkeletonStack
                label="Loading your reviews"
                count={2}
                skeletonClassName="h-40 w-full rounded-xl"
              />
            }
            error={{ title: 'Failed to load reviews' }}
            empty={
              <EmptyState
                icon={PenLine}
                title="Write Your First Review"
                description="Been to a show? Rate the performance, the sound, the venue and the value."
                action={writeButton}
              />
            }
          >
            {(loaded) => (
              <div className="flex flex-col gap-3">
                <ReviewList reviews={loaded} viewerId={userId} />
                <LoadMoreButton
                  query={reviewsQuery}
                  label="Load more reviews"
                  className="self-center"
                />
              </div>
            )}
          </ListState>
        </TabsContent>
        <TabsContent value="drafts">
          {drafts.length === 0 ? (
            <EmptyState
              icon={FilePenLine}
              title="No drafts"
              description="A review you start and do not post waits here, in this browser."
            />
          ) : (
            <ul className="flex flex-col gap-3">
              {drafts.map((draft) => (
                <li key={draft.id}>
                  <DraftEntry
                    draft={draft}
                    onContinue={() => openReviewDialog({ mode: 'create', draft })}
                    onDiscard={() => deleteDraft(userId, draft.id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
    </HeadedPage>
  );
}

function StatTile({
  icon: Icon,
  label,
  value,
}: {
  icon: LucideIcon;
  label: string;
  value: number | string | undefined;
}) {
  return (
    <li className="flex items-center gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <IconBadge icon={Icon} className="size-10 shrink-0 rounded-full" iconClassName="size-5" />
      <p className="flex flex-col">
        <span className="text-xl font-semibold tabular-nums" data-testid={`stat-${label}`}>
          {value ?? <Skeleton className="h-6 w-10" />}
        </span>
        <span className="text-xs text-muted-foreground">{label}</span>
      </p>
    </li>
  );
}

function DraftEntry({
  draft,
  onContinue,
  onDiscard,
}: {
  draft: ReviewDraft;
  onContinue: () => void;
  onDiscard: () => void;
}) {
  return (
    <article
      aria-label={`Draft${draft.concert ? ` of ${draft.concert.artist}` : ''}`}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{draft.concert?.artist ?? 'No concert chosen yet'}</p>
        {draft.concert && (
          <p className="text-sm text-muted-foreground">
            {draft.concert.venue}, {draft.concert.city} · {formatDay(draft.concert.date)}
          </p>
        )}
        <p className="mt-1 line-clamp-2 text-sm">{draft.reviewText || 'No text yet'}</p>
        <p className="mt-1 text-xs text-muted-foreground">
          Saved <RelativeTime timestamp={draft.savedAt} />
        </p>
      </div>
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={onContinue}>
          Continue
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={onDiscard}
          aria-label="Discard draft"
        >
          <Trash2 aria-hidden="true" />
          Discard
        </Button>
      </div>
    </article>
  );
}
