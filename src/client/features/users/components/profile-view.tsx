import { Award, Ban, CalendarX, Lock, Settings } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { ConcertListItem } from '#shared/schemas/concerts';
import type { UserProfile } from '#shared/schemas/users';
import { displayName } from '#shared/user-display';
import { EmptyState } from '#client/components/layout/empty-state';
import { ListState } from '#client/components/layout/list-state';
import { SkeletonStack } from '#client/components/layout/loading-status';
import { LoadMore } from '#client/components/layout/load-more';
import { HeadedPage } from '#client/components/layout/page-header';
import { Button } from '#client/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs';
import { cn } from '#client/lib/utils';
import { isForbidden } from '../api/get-profile';
import { useConcertHistory, useRecentConcerts } from '../api/get-history';
import type { ProfileRef } from '../api/keys';
import { useFollowToggle } from '../hooks/use-follow-toggle';
import { achievements } from '../lib/achievements';
import { FollowedArtists, type RenderArtistUnfollow } from './followed-artists';
import { FollowToggleButton } from './follow-button';
import { EditProfileButton, ProfileCard } from './profile-card';
import { ProfileGate } from './profile-gate';
import { ProfileMoreMenu } from './profile-more-menu';
import { UnblockButton } from './unblock-button';

/**
 * The overview shows this many of the few recent concerts it asks for (docs/product.md §9: 2 of 3).
 */
const RECENT_SHOWN = 2;

export type ProfileTab = 'overview' | 'reviews' | 'history' | 'shows' | 'wishlist';

/** What the page fills in: the parts other features show. */
export interface ProfileSlots {
  /** Overview's Recent Reviews body (it loads its own). */
  renderRecentReviews: (profile: UserProfile) => ReactNode;
  /** The Reviews tab. */
  renderReviews: (profile: UserProfile) => ReactNode;
  /** Lays out concerts (history, recent concerts). */
  renderConcerts: (concerts: readonly ConcertListItem[]) => ReactNode;
  /** The own profile's Wishlist tab. */
  renderWishlist?: () => ReactNode;
  /** Someone else's Shows tab: their diary, read-only (shown as their History is). */
  renderShows?: (profile: UserProfile) => ReactNode;
  /** After the viewer mutes or unmutes the person (the Following timeline changes). */
  onMuteChanged?: () => void;
  /** Below the card, when the viewer may see the person's concert history. */
  renderYearLink?: (profile: UserProfile) => ReactNode;
  /** On one's own profile, the Unfollow beside each of one's followed artists. */
  renderArtistUnfollow?: RenderArtistUnfollow;
}

/**
 * A profile page (docs/product.md §2 "Profile"): the card, then the tabs Overview, Reviews, History
 * and, on someone else's, Shows (their diary) or, on one's own, Wishlist. `isOwn` gives it the title My Profile, the Settings and Edit Profile
 * buttons (both `onEditProfile`) and the Wishlist tab; others get a follow toggle.
 */
export function ProfileView({
  profileRef,
  isOwn,
  onEditProfile,
  ...slots
}: ProfileSlots & {
  profileRef: ProfileRef;
  isOwn: boolean;
  onEditProfile?: () => void;
}) {
  return (
    <ProfileGate profileRef={profileRef} title={isOwn ? 'My Profile' : 'Profile'}>
      {(profile) => (
        <LoadedProfile
          key={profile.id}
          profile={profile}
          isOwn={isOwn}
          onEditProfile={onEditProfile}
          {...slots}
        />
      )}
    </ProfileGate>
  );
}

function LoadedProfile({
  profile,
  isOwn,
  onEditProfile,
  ...slots
}: ProfileSlots & { profile: UserProfile; isOwn: boolean; onEditProfile?: () => void }) {
  const [tab, setTab] = useState<ProfileTab>('overview');
  const follow = useFollowToggle(profile.id, {
    isFollowing: profile.isFollowing,
    requested: profile.followRequested,
    asksFirst: profile.isPrivate,
    followers: profile.stats.followers,
  });
  const name = displayName(profile);
  // A private person's content, to someone they have not let in (the server keeps it too).
  const shut = !isOwn && !profile.canSeeContent;

  return (
    <HeadedPage
      title={isOwn ? 'My Profile' : `${name}'s profile`}
      actions={
        isOwn &&
        onEditProfile && (
          <Button type="button" variant="outline" size="sm" onClick={onEditProfile}>
            <Settings aria-hidden="true" />
            Settings
          </Button>
        )
      }
    >
      <ProfileCard
        profile={profile}
        followers={follow.followers ?? profile.stats.followers}
        action={
          isOwn ? (
            onEditProfile && <EditProfileButton onClick={onEditProfile} />
          ) : (
            <div className="flex items-center gap-2">
              {!profile.isBlocked && (
                <FollowToggleButton name={name} follow={follow} asksFirst={profile.isPrivate} />
              )}
              <ProfileMoreMenu
                userId={profile.id}
                name={name}
                isBlocked={profile.isBlocked}
                onMuteChanged={slots.onMuteChanged}
              />
            </div>
          )
        }
      />
      {(isOwn || (profile.canSeeContent && profile.showsConcertHistory && !profile.isBlocked)) &&
        slots.renderYearLink?.(profile)}
      {profile.isBlocked && !isOwn ? (
        <BlockedProfile profile={profile} />
      ) : shut ? (
        <PrivateAccount profile={profile} />
      ) : (
        <ProfileTabs profile={profile} isOwn={isOwn} tab={tab} onTabChange={setTab} {...slots} />
      )}
    </HeadedPage>
  );
}

/** Someone the viewer blocked: nothing of theirs is shown, and Unblock is at hand. */
function BlockedProfile({ profile }: { profile: UserProfile }) {
  const name = displayName(profile);
  return (
    <EmptyState
      icon={Ban}
      title={`You blocked ${name}`}
      description="You don't see their reviews, comments or likes, and they don't see yours."
      action={<UnblockButton userId={profile.id} name={name} />}
    />
  );
}

/** What a private person's profile says to someone they have not let in. */
function PrivateAccount({ profile }: { profile: UserProfile }) {
  return (
    <EmptyState
      icon={Lock}
      title="This account is private"
      description={`Once ${displayName(profile)} approves your follow request, you will see their reviews, concert history and follows.`}
    />
  );
}

function ProfileTabs({
  profile,
  isOwn,
  tab,
  onTabChange: setTab,
  ...slots
}: ProfileSlots & {
  profile: UserProfile;
  isOwn: boolean;
  tab: ProfileTab;
  onTabChange: (tab: ProfileTab) => void;
}) {
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => setTab(value as ProfileTab)}
      className="flex flex-col gap-4"
    >
      <TabsList className="w-full sm:w-fit">
        <TabsTrigger value="overview" className="px-2 sm:px-3">
          Overview
        </TabsTrigger>
        <TabsTrigger value="reviews" className="px-2 sm:px-3">
          Reviews
        </TabsTrigger>
        <TabsTrigger value="history" className="px-2 sm:px-3">
          History
        </TabsTrigger>
        {!isOwn && slots.renderShows && (
          <TabsTrigger value="shows" className="px-2 sm:px-3">
            Shows
          </TabsTrigger>
        )}
        {isOwn && slots.renderWishlist && (
          <TabsTrigger value="wishlist" className="px-2 sm:px-3">
            Wishlist
          </TabsTrigger>
        )}
      </TabsList>
      {/* Its View All buttons are its stops: the panel itself need not be one (Radix makes
          every panel one), which would put a stop taller than a phone's screen. */}
      <TabsContent value="overview" tabIndex={-1} className="flex flex-col gap-6">
        <Achievements profile={profile} />
        <OverviewSection title="Recent Reviews" onViewAll={() => setTab('reviews')}>
          {slots.renderRecentReviews(profile)}
        </OverviewSection>
        <OverviewSection title="Recent Concerts" onViewAll={() => setTab('history')}>
          <RecentConcerts profile={profile} renderConcerts={slots.renderConcerts} />
        </OverviewSection>
        <FollowedArtists
          profile={profile}
          isOwn={isOwn}
          renderUnfollow={slots.renderArtistUnfollow}
        />
      </TabsContent>
      <TabsContent value="reviews">{slots.renderReviews(profile)}</TabsContent>
      <TabsContent value="history">
        <ConcertHistory profile={profile} renderConcerts={slots.renderConcerts} />
      </TabsContent>
      {!isOwn && slots.renderShows && (
        <TabsContent value="shows">
          {profile.showsConcertHistory ? (
            slots.renderShows(profile)
          ) : (
            <PrivateHistory profile={profile} />
          )}
        </TabsContent>
      )}
      {isOwn && slots.renderWishlist && (
        <TabsContent value="wishlist">{slots.renderWishlist()}</TabsContent>
      )}
    </Tabs>
  );
}

function OverviewSection({
  title,
  onViewAll,
  children,
}: {
  title: string;
  onViewAll: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <Button type="button" variant="link" size="sm" onClick={onViewAll}>
          View All<span className="sr-only"> {title}</span>
        </Button>
      </div>
      {children}
    </section>
  );
}

function Achievements({ profile }: { profile: UserProfile }) {
  const headingId = useId();
  const list = achievements(profile.stats);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Achievements
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {list.map((achievement) => (
          <li
            key={achievement.id}
            data-earned={achievement.earned}
            className={cn(
              'flex items-center gap-3 rounded-xl border p-3',
              achievement.earned ? 'bg-card shadow-sm' : 'border-dashed text-muted-foreground',
            )}
          >
            <span
              className={cn(
                'flex size-10 shrink-0 items-center justify-center rounded-full',
                achievement.earned ? 'bg-accent text-accent-foreground' : 'bg-muted',
              )}
            >
              {achievement.earned ? (
                <Award className="size-5" aria-hidden="true" />
              ) : (
                <Lock className="size-4" aria-hidden="true" />
              )}
            </span>
            <span className="min-w-0">
              <span className="block font-medium text-foreground">{achievement.title}</span>
              <span className="block text-xs">
                {achievement.description} ·{' '}
                {achievement.earned
                  ? 'Earned'
                  : `Not earned yet (${achievement.progress}/${achievement.goal})`}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PrivateHistory({ profile }: { profile: UserProfile }) {
  return (
    <EmptyState
      icon={Lock}
      title="Concert history is private"
      description={`${displayName(profile)} keeps the concerts they have been to to themselves.`}
    />
  );
}

function ConcertsLoading({ label }: { label: string }) {
  return <SkeletonStack label={label} count={1} skeletonClassName="h-28 w-full rounded-xl" />;
}

function NoConcertsYet({ description }: { description: string }) {
  return <EmptyState icon={CalendarX} title="No concerts yet" description={description} />;
}

function RecentConcerts({
  profile,
  renderConcerts,
}: {
  profile: UserProfile;
  renderConcerts: ProfileSlots['renderConcerts'];
}) {
  const recent = useRecentConcerts(profile.id, profile.showsConcertHistory);
  if (!profile.showsConcertHistory || (recent.isError && isForbidden(recent.error))) {
    return <PrivateHistory profile={profile} />;
  }
  return (
    <ListState
      query={recent}
      items={recent.data?.slice(0, RECENT_SHOWN)}
      loading={<ConcertsLoading label="Loading recent concerts" />}
      error={{ title: 'Failed to load recent concerts' }}
      empty={<NoConcertsYet description="Concerts show up here once they are reviewed." />}
    >
      {(concerts) => renderConcerts(concerts)}
    </ListState>
  );
}

function ConcertHistory({
  profile,
  renderConcerts,
}: {
  profile: UserProfile;
  renderConcerts: ProfileSlots['renderConcerts'];
}) {
  const history = useConcertHistory(profile.id, profile.showsConcertHistory);
  if (!profile.showsConcertHistory) return <PrivateHistory profile={profile} />;
  // Made private after the profile was read: the server says so now.
  if (history.isError && isForbidden(history.error)) return <PrivateHistory profile={profile} />;
  const concerts = history.data?.pages.flat();
  return (
    <ListState
      query={history}
      items={concerts}
      loading={<ConcertsLoading label="Loading concert history" />}
      error={{ title: 'Failed to load concert history' }}
      empty={<NoConcertsYet description="Past concerts show up here once they are reviewed." />}
    >
      {(shown) => (
        <div className="flex flex-col gap-4">
          {renderConcerts(shown)}
          <LoadMore query={history} label="Load more concerts" />
        </div>
      )}
    </ListState>
  );
}
