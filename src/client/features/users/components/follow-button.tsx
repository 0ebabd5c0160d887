import { Clock, UserCheck, UserMinus, UserPlus } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { rememberFocusPlace, returnFocusWhenRemoved } from '#client/lib/focus-return';
import { cn } from '#client/lib/utils';
import { type FollowToggle, useFollowToggle } from '../hooks/use-follow-toggle';

/** The words of a follow button, and its icon, in each state. */
function followLabel(state: {
  isFollowing: boolean;
  requested: boolean;
  asksFirst: boolean;
  unfollowLabel: boolean;
}) {
  if (state.isFollowing) {
    return state.unfollowLabel
      ? { text: 'Unfollow', Icon: UserMinus }
      : { text: 'Following', Icon: UserCheck };
  }
  if (state.requested) return { text: 'Requested', Icon: Clock };
  return { text: state.asksFirst ? 'Request to follow' : 'Follow', Icon: UserPlus };
}

/**
 * Follow / Following, a button named after the person; its words say the state, so it is
 * not also a pressed toggle. `unfollowLabel` makes the followed state read "Unfollow"
 * instead (the viewer's own Following list). A private person (`asksFirst`) is asked:
 * "Request to follow", then "Requested" until they answer; pressing it then withdraws.
 * While the request runs it is busy rather than disabled, so it keeps focus.
 */
export function FollowToggleButton({
  name,
  follow: { isFollowing, requested, isPending, toggle },
  asksFirst = false,
  unfollowLabel = false,
  className,
}: {
  name: string;
  follow: FollowToggle;
  asksFirst?: boolean;
  unfollowLabel?: boolean;
  className?: string;
}) {
  const { text, Icon } = followLabel({ isFollowing, requested, asksFirst, unfollowLabel });
  return (
    <Button
      type="button"
      size="sm"
      variant={isFollowing || requested ? 'outline' : 'default'}
      busy={isPending}
      onClick={(event) => {
        // Unfollowed from one's own Following list, the person leaves it: focus moves on.
        const place = rememberFocusPlace(event.currentTarget);
        if (place) returnFocusWhenRemoved(place);
        toggle();
      }}
      className={cn('min-w-28', className)}
    >
      <Icon aria-hidden="true" />
      {text}
      <span className="sr-only"> {name}</span>
    </Button>
  );
}

/** A follow toggle for one person of a list, with its own optimistic state. */
export function FollowButton({
  userId,
  name,
  isFollowing,
  unfollowLabel,
}: {
  userId: string;
  name: string;
  isFollowing: boolean;
  unfollowLabel?: boolean;
}) {
  const follow = useFollowToggle(userId, { isFollowing });
  return <FollowToggleButton name={name} follow={follow} unfollowLabel={unfollowLabel} />;
}
