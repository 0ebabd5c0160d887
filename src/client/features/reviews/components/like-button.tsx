import { Heart } from 'lucide-react';
import { useState } from 'react';
import type { Likes } from '#shared/schemas/reviews';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/utils';
import { useToggleLike } from '../api/likes';

/**
 * The heart and count of a review (docs/product.md §4 "Like toggle"). It shows the review's own
 * numbers until the person presses it; then its own, changed at once and set back on failure. Its
 * name says the state (Like / Unlike), so it is not also a pressed toggle; while the request runs
 * it is busy rather than disabled, so it keeps focus.
 */
export function LikeButton({ reviewId, likes }: { reviewId: string; likes: Likes }) {
  const [shown, setShown] = useState<Likes | null>(null);
  const [before, setBefore] = useState<Likes | null>(null);
  const current = shown ?? likes;
  const toggle = useToggleLike(reviewId, {
    onOptimistic: (liked) => {
      setBefore(current);
      setShown({ isLiked: liked, count: Math.max(0, current.count + (liked ? 1 : -1)) });
    },
    onRollback: () => setShown(before),
    // The lists are asked again; until they answer, the server's count is the one to show.
    onDone: (answer) => setShown(answer),
  });
  // Fresh numbers from the server replace the ones kept here once nothing is pending.
  const [seen, setSeen] = useState(likes);
  if ((seen.count !== likes.count || seen.isLiked !== likes.isLiked) && !toggle.isPending) {
    setSeen(likes);
    setShown(null);
  }
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
