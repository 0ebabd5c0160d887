import { useQueryClient } from '@tanstack/react-query';
import { Music } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { FollowedArtist, UserProfile } from '#shared/schemas/users';
import { displayName } from '#shared/user-display';
import { EmptyState } from '#client/components/layout/empty-state';
import { ListState } from '#client/components/layout/list-state';
import { SkeletonStack } from '#client/components/layout/loading-status';
import { artistPath } from '#client/config/paths';
import { useFollowedArtists } from '../api/get-followed-artists';
import { userKeys } from '../api/keys';

/**
 * What the page puts beside each artist of one's own list (the artist follow belongs to
 * another feature): its Unfollow, which calls `onUnfollowed` once the server agreed.
 */
export type RenderArtistUnfollow = (artist: FollowedArtist, onUnfollowed: () => void) => ReactNode;

/** A profile's "Artists": the artists the person follows, each a link to the artist's page. */
export function FollowedArtists({
  profile,
  isOwn,
  renderUnfollow,
}: {
  profile: UserProfile;
  isOwn: boolean;
  renderUnfollow?: RenderArtistUnfollow | undefined;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const artists = useFollowedArtists(profile.id);
  const unfollowed = () => {
    // The button pressed leaves with its artist: focus goes back to the list's heading.
    headingRef.current?.focus();
    void queryClient.invalidateQueries({ queryKey: userKeys.followedArtists(profile.id) });
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
        Artists
      </h2>
      <ListState
        query={artists}
        items={artists.data}
        loading={
          <SkeletonStack
            label="Loading artists"
            count={2}
            skeletonClassName="h-14 w-full rounded-xl"
          />
        }
        error={{ title: 'Failed to load artists' }}
        empty={
          <EmptyState
            icon={Music}
            title="No artists yet"
            description={
              isOwn
                ? 'Follow artists from their pages to see them here.'
                : `${displayName(profile)} follows no artists yet.`
            }
          />
        }
      >
        {(list) => (
          <ul aria-label="Artists" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {list.map((artist) => (
              <li
                key={artist.id}
                className="flex items-center justify-between gap-3 rounded-xl border bg-card p-3"
              >
                <span className="min-w-0">
                  <Link
                    href={artistPath(artist.id)}
                    className="block truncate rounded-sm font-medium focus-ring hover:underline"
                  >
                    {artist.name}
                  </Link>
                  {artist.genres.length > 0 && (
                    <span className="block truncate text-xs text-muted-foreground">
                      {artist.genres.join(', ')}
                    </span>
                  )}
                </span>
                {isOwn && renderUnfollow?.(artist, unfollowed)}
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}
