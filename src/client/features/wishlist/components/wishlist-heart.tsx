import { Heart } from 'lucide-react';
import { cn } from '#client/lib/utils';
import { useWishlistToggle } from '../hooks/use-wishlist-toggle';

/**
 * The heart on a concert card, which saves for real. Its name says the state (Add to /
 * Remove from wishlist), so it is not also a pressed toggle; while its request runs it is
 * busy rather than disabled, so it keeps focus.
 */
export function WishlistHeart({ concertId, className }: { concertId: string; className?: string }) {
  const { isWishlisted, isPending, toggle } = useWishlistToggle(concertId);
  return (
    <button
      type="button"
      aria-label={isWishlisted ? 'Remove from wishlist' : 'Add to wishlist'}
      aria-busy={isPending || undefined}
      aria-disabled={isPending || undefined}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        toggle();
      }}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-full bg-background/85 text-foreground shadow-sm backdrop-blur transition-[color,background-color,box-shadow,transform] focus-ring [--focus-ring-offset:0px] hover:bg-background hover:text-rose-600 active:scale-95 aria-disabled:cursor-progress dark:hover:text-rose-400',
        isWishlisted && 'text-rose-600 dark:text-rose-400',
        className,
      )}
    >
      <Heart className={cn('size-4.5', isWishlisted && 'fill-current')} aria-hidden="true" />
    </button>
  );
}
