import { ArrowLeft, Lock, UsersRound } from 'lucide-react';
import { Link } from 'wouter';
import type { UserProfile } from '#shared/schemas/users';
import { displayName } from '#shared/user-display';
import { EmptyState } from '#client/components/layout/empty-state';
import { ListState } from '#client/components/layout/list-state';
import { LoadingStatus } from '#client/components/layout/loading-status';
import { LoadMore } from '#client/components/layout/load-more';
import { PageHeader } from '#client/components/layout/page-header';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/utils';
import { profileRefFromSegment } from '../api/get-profile';
import { useFollowList, type FollowListKind } from '../api/get-follow-list';
import { followersHref, followingHref, profileHref } from '../lib/profile-links';
import { PeopleList } from './people-list';
import { ProfileGate } from './profile-gate';
import { UserCardSkeleton } from './user-card';

const copy = {
  followers: {
    title: (name: string) => `Followers of ${name}`,
    empty: 'No followers yet',
    emptyDescription: 'When people follow them, they show up here.',
  },
  following: {
    title: (name: string) => `People ${name} follows`,
    empty: 'Not following anyone yet',
    emptyDescription: 'People they follow show up here.',
  },
} as const;

/** The followers or following list of one person (docs/product.md §2), with a way back to them. */
export function FollowListView({
  username,
  kind,
  viewerId,
}: {
  /** The route's segment: a username, or an id for people without one. */
  username: string;
  kind: FollowListKind;
  viewerId: string;
}) {
  return (
    <ProfileGate
      profileRef={profileRefFromSegment(username)}
      title={kind === 'followers' ? 'Followers' : 'Following'}
    >
      {(profile) => <FollowList profile={profile} kind={kind} viewerId={viewerId} />}
    </ProfileGate>
  );
}

function FollowList({
  profile,
  kind,
  viewerId,
}: {
  profile: UserProfile;
  kind: FollowListKind;
  viewerId: string;
}) {
  const list = useFollowList(profile.id, kind, profile.canSeeContent);
  const people = list.data?.pages.flat();
  const isOwn = profile.id === viewerId;
  const name = displayName(profile);
  const text = copy[kind];
  const title = isOwn
    ? kind === 'followers'
      ? 'Your Followers'
      : 'People You Follow'
    : text.title(name);

  return (
    <div className="flex flex-col gap-6">
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link href={profileHref(profile)}>
          <ArrowLeft aria-hidden="true" />
          Back to profile
        </Link>
      </Button>
      <PageHeader title={title} />
      <nav aria-label={`Followers and following of ${name}`} className="flex gap-2">
        <ListLink
          href={followersHref(profile)}
          current={kind === 'followers'}
          label={`Followers (${profile.stats.followers})`}
        />
        <ListLink
          href={followingHref(profile)}
          current={kind === 'following'}
          label={`Following (${profile.stats.following})`}
        />
      </nav>
      {!profile.canSeeContent ? (
        <EmptyState
          icon={Lock}
          title="This account is private"
          description={`Once ${name} approves your follow request, you will see who follows them and whom they follow.`}
        />
      ) : (
        <ListState
          query={list}
          items={people}
          loading={
            <LoadingStatus label="Loading people" className="flex flex-col gap-3">
              {[0, 1, 2].map((n) => (
                <UserCardSkeleton key={n} />
              ))}
            </LoadingStatus>
          }
          error={{ title: `Failed to load ${kind}` }}
          empty={
            <EmptyState icon={UsersRound} title={text.empty} description={text.emptyDescription} />
          }
        >
          {(shown) => (
            <div className="flex flex-col gap-3">
              <PeopleList
                label={title}
                people={shown}
                viewerId={viewerId}
                unfollowLabel={isOwn && kind === 'following'}
                removable={isOwn && kind === 'followers'}
              />
              <LoadMore query={list} label="Load more people" />
            </div>
          )}
        </ListState>
      )}
    </div>
  );
}

function ListLink({ href, current, label }: { href: string; current: boolean; label: string }) {
  return (
    <Button asChild variant={current ? 'secondary' : 'ghost'} size="sm">
      <Link
        href={href}
        aria-current={current ? 'page' : undefined}
        className={cn(current && 'font-semibold')}
      >
        {label}
      </Link>
    </Button>
  );
}
