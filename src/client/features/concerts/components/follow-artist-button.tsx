import { UserCheck, UserPlus } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button';
import { paths } from '#client/config/paths';
import { useShownAhead } from '#client/lib/optimistic-toggle';
import { pluralize } from '#client/lib/utils';
import { useFollowArtistMutation } from '../api/follow-artist';

interface Shown {
  isFollowing: boolean;
  followerCount: number;
}

/**
 * "Follow artist" / "Following artist" with "N followers" beside it, optimistic: both change
 * at once, go back if the server refuses, and take its answer when it comes. Its words say
 * the state, so it is not also a pressed toggle; while its request runs it is busy rather
 * than disabled, so it keeps focus. Signed out, the same button leads to sign-in.
 */
export function FollowArtistButton({
  artistId,
  isFollowing,
  followerCount,
  signedIn,
}: {
  artistId: string;
  isFollowing: boolean;
  followerCount: number;
  signedIn: boolean;
}) {
  const { current, callbacks, takeServerWhenIdle } = useShownAhead<Shown, Shown>(
    { isFollowing, followerCount },
    (before, follow) => {
      const step = follow === before.isFollowing ? 0 : follow ? 1 : -1;
      return { isFollowing: follow, followerCount: Math.max(0, before.followerCount + step) };
    },
    (_before, answer) => answer,
  );
  const mutation = useFollowArtistMutation(artistId, callbacks);
  takeServerWhenIdle(mutation.isPending);

  const followers = (
    <span className="text-sm text-muted-foreground tabular-nums">
      {pluralize(current.followerCount, 'follower')}
    </span>
  );
  if (!signedIn) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild size="sm">
          <Link href={paths.auth}>
            <UserPlus aria-hidden="true" />
            Follow artist
          </Link>
        </Button>
        {followers}
      </div>
    );
  }
  const Icon = current.isFollowing ? UserCheck : UserPlus;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        type="button"
        size="sm"
        variant={current.isFollowing ? 'outline' : 'default'}
        busy={mutation.isPending}
        onClick={() => mutation.mutate(!current.isFollowing)}
        className="min-w-36"
      >
        <Icon aria-hidden="true" />
        {current.isFollowing ? 'Following artist' : 'Follow artist'}
      </Button>
      {followers}
    </div>
  );
}
