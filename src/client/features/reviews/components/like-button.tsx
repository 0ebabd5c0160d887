import { Heart } from 'lucide-react';
import type { Likes } from '#shared/schemas/reviews';
import { Button } from '#client/components/ui/button';
import { useShownAhead } from '#client/lib/optimistic-toggle';
import { cn } from '#client/lib/utils';
import { useToggleLike } from '../api/likes';

/**
 * The heart and count of a review (docs/product.md §4 "Like toggle"). It shows the review's own
 * numbers until the person presses it; then its own, changed at once and set back on failure. Its
 * name says the state (Like / Unlike), so it is not also a pressed toggle; while the request runs
 * it is busy rather than disabled, so it keeps focus.
 */
export function LikeButton({ reviewId, likes }: { reviewId: string; likes: Likes }) {
  const { current, callbacks, takeServerWhenIdle } = useShownAhead<Likes, Likes>(
    likes,
    (before, liked) => ({ isLiked: liked, count: Math.max(0, before.count + (liked ? 1 : -1)) }),
    // The lists are asked again; until they answer, the server's count is the one to show.
    (_before, answer) => answer,
  );
  const toggle = useToggleLike(reviewId, callbacks);
  takeServerWhenIdle(toggle.isPending);
  const label = current.isLiked ? 'Unlike review' : 'Like review';

  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      aria-label={`${label} (${current.count} ${current.count === 1 ? 'like' : 'likes'})`}
      busy={toggle.isPending}
      onClick={() => toggle.mutate(!current.isLiked)}
      className="gap-1.5 text-muted-foreground"
    >
      <Heart
        aria-hidden="true"
        className={cn('size-4', current.isLiked && 'fill-rose-500 text-rose-500')}
      />
      <span className="tabular-nums">{current.count}</span>
    </Button>
  );
}
