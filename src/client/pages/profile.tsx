import { useState } from 'react';
import type { FollowedArtist } from '#shared/schemas/users';
import { ListState } from '../components/layout/list-state';
import { LoadingStatus } from '../components/layout/loading-status';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { useFollowArtistMutation } from '../features/concerts/api/follow-artist';
import { ConcertCard, ConcertGrid } from '../features/concerts/components/concert-card';
import { EditProfileDialog } from '../features/account/components/edit-profile-dialog';
import { DiaryView } from '../features/diary/components/diary-view';
import { useAuth } from '../features/auth/api/get-user';
import { RecentUserReviews, UserReviewList } from '../features/reviews/components/user-review-list';
import { ProfileView } from '../features/users/components/profile-view';
import { useMyWishlist } from '../features/wishlist/api/get-my-wishlist';
import { NoConcertsSaved } from '../features/wishlist/components/wishlist-view';
import { YearInReviewLink } from '../features/years/components/year-in-review-link';
import type { ProfileRef } from '../features/users/api/keys';
import { SavedConcertGrid } from './saved-concert-grid';

/**
 * A profile, with the parts other features show: reviews, concerts, someone else's diary
 * (Shows) and, on one's own, the wishlist and the Edit Profile dialog.
 */
export function ProfilePageBody({
  profileRef,
  isOwn,
  viewerId,
}: {
  profileRef: ProfileRef;
  isOwn: boolean;
  viewerId: string;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <ProfileView
        profileRef={profileRef}
        isOwn={isOwn}
        onEditProfile={isOwn ? () => setEditing(true) : undefined}
        renderRecentReviews={(profile) => (
          <RecentUserReviews userId={profile.id} viewerId={viewerId} />
        )}
        renderReviews={(profile) => <UserReviewList userId={profile.id} viewerId={viewerId} />}
        renderConcerts={(concerts) => (
          <ConcertGrid aria-label="Concerts">
            {concerts.map((concert) => (
              <ConcertCard key={concert.id} concert={concert} />
            ))}
          </ConcertGrid>
        )}
        renderWishlist={isOwn ? () => <ProfileWishlist /> : undefined}
        renderShows={isOwn ? undefined : (profile) => <DiaryView who={profile.id} own={false} />}
        renderArtistUnfollow={
          isOwn
            ? (artist, onUnfollowed) => (
                <UnfollowArtistButton artist={artist} onUnfollowed={onUnfollowed} />
              )
            : undefined
        }
        renderYearLink={(profile) =>
          profile.username && <YearInReviewLink username={profile.username} isOwn={isOwn} />
        }
      />
      {isOwn && <EditProfileDialog open={editing} onOpenChange={setEditing} />}
    </>
  );
}

/** One's own profile's "Artists": stop following this one (the artist follow's own write). */
function UnfollowArtistButton({
  artist,
  onUnfollowed,
}: {
  artist: FollowedArtist;
  onUnfollowed: () => void;
}) {
  const mutation = useFollowArtistMutation(artist.id, {
    onMutate: () => undefined,
    onError: () => undefined,
    onSuccess: onUnfollowed,
  });
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-busy={mutation.isPending || undefined}
      aria-disabled={mutation.isPending || undefined}
      onClick={() => {
        if (!mutation.isPending) mutation.mutate(false);
      }}
    >
      Unfollow<span className="sr-only"> {artist.name}</span>
    </Button>
  );
}

/** The own profile's Wishlist tab: the saved concerts, each with its heart. */
function ProfileWishlist() {
  const wishlist = useMyWishlist();
  return (
    <ListState
      query={wishlist}
      items={wishlist.data}
      loading={
        <LoadingStatus label="Loading wishlist">
          <Skeleton className="h-40 w-full rounded-xl" />
        </LoadingStatus>
      }
      error={{ title: 'Failed to load wishlist' }}
      empty={<NoConcertsSaved />}
    >
      {(concerts) => <SavedConcertGrid concerts={concerts} />}
    </ListState>
  );
}

export default function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  return <ProfilePageBody profileRef={{ by: 'id', value: user.id }} isOwn viewerId={user.id} />;
}
