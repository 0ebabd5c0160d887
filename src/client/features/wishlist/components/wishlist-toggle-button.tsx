import { Heart } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/utils';
import { useWishlistToggle } from '../hooks/use-wishlist-toggle';

/**
 * The concert page's "Add to Wishlist" / "Wishlisted" toggle. Its words say the state, so it
 * is not also a pressed toggle; while its request runs it is busy rather than disabled, so
 * it keeps focus.
 */
export function WishlistToggleButton({
  concertId,
  initiallyWishlisted = false,
}: {
  concertId: string;
  /** What the concert itself said, shown until the saved list has loaded. */
  initiallyWishlisted?: boolean;
}) {
  const { isWishlisted, isPending, toggle } = useWishlistToggle(concertId, initiallyWishlisted);
  return (
    <Button
      type="button"
      variant={isWishlisted ? 'secondary' : 'outline'}
      busy={isPending}
      onClick={toggle}
    >
      <Heart
        className={cn(isWishlisted && 'fill-current text-rose-600 dark:text-rose-400')}
        aria-hidden="true"
      />
      {isWishlisted ? 'Wishlisted' : 'Add to Wishlist'}
    </Button>
  );
}
