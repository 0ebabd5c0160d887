import { BadgeCheck, CalendarDays, Lock, MapPin, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { UserProfile } from '#shared/schemas/users';
import { FAVORITE_GENRES_SHOWN, GENRES } from '#shared/limits';
import { displayName, handle } from '#shared/user-display';
import { PersonAvatar } from '#client/components/layout/person-avatar';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Stars } from '#client/components/ui/stars';
import { formatRating } from '#client/lib/format';
import { cn } from '#client/lib/utils';
import { followersHref, followingHref } from '../lib/profile-links';

const joinedFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

/** "Joined March 2026"; null when the date does not parse. */
function joinedLabel(createdAt: string): string | null {
  const moment = new Date(createdAt);
  return Number.isNaN(moment.getTime()) ? null : `Joined ${joinedFormat.format(moment)}`;
}

/** "Indie Rock" for "indie"; other genres as stored. */
function genreLabel(genre: string): string {
  return GENRES.find((g) => g.slug === genre.toLowerCase())?.name ?? genre;
}

/**
 * The profile card (docs/product.md §2 "Profile"): who the person is, their numbers (followers and
 * following link to those lists), average rating and favourite genres, and the action of
 * the page: Edit Profile on one's own, the follow toggle on someone else's.
 */
export function ProfileCard({
  profile,
  followers,
  action,
}: {
  profile: UserProfile;
  /** The follower count as the follow toggle shows it (changes at once on a toggle). */
  followers: number;
  action: ReactNode;
}) {
  const name = displayName(profile);
  const joined = joinedLabel(profile.createdAt);
  const { stats } = profile;
  const genres = profile.favoriteGenres;
  const shownGenres = genres.slice(0, FAVORITE_GENRES_SHOWN);
  const moreGenres = genres.slice(FAVORITE_GENRES_SHOWN);

  return (
    <section
      aria-label={`About ${name}`}
      className="flex flex-col gap-6 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <PersonAvatar
          person={profile}
          className="size-20 sm:size-24"
          fallbackClassName="text-2xl"
        />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 text-xl font-semibold break-words sm:text-2xl">{name}</h2>
            {profile.isVerified && (
              <Badge variant="secondary">
                <BadgeCheck aria-hidden="true" />
                Verified
              </Badge>
            )}
            {profile.isPrivate && (
              <Badge variant="outline">
                <Lock aria-hidden="true" />
                Private
              </Badge>
            )}
          </div>
          <p className="truncate text-muted-foreground">{handle(profile)}</p>
          {profile.bio && <p className="pt-1 text-pretty break-words">{profile.bio}</p>}
          <div className="flex flex-wrap gap-x-4 gap-y-1 pt-1 text-sm text-muted-foreground">
            {profile.location && (
              <span className="inline-flex items-center gap-1.5">
                <MapPin className="size-4" aria-hidden="true" />
                {profile.location}
              </span>
            )}
            {joined && (
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays className="size-4" aria-hidden="true" />
                {joined}
              </span>
            )}
          </div>
        </div>
        <div className="shrink-0">{action}</div>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Concerts" value={stats.concertsAttended} />
        <Stat label="Reviews" value={stats.reviewsWritten} />
        <Stat
          label="Followers"
          value={followers}
          href={profile.canSeeContent ? followersHref(profile) : undefined}
        />
        <Stat
          label="Following"
          value={stats.following}
          href={profile.canSeeContent ? followingHref(profile) : undefined}
        />
      </dl>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm">
          <span className="text-muted-foreground">Average rating</span>
          {stats.averageRating === null ? (
            <span>No ratings yet</span>
          ) : (
            <>
              <Stars value={stats.averageRating} size="sm" />
              <span className="font-semibold tabular-nums">
                {formatRating(stats.averageRating)}
              </span>
            </>
          )}
        </p>
        {genres.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted-foreground">Favorite genres</span>
            <ul aria-label="Favorite genres" className="flex flex-wrap gap-1.5">
              {shownGenres.map((genre) => (
                <li key={genre}>
                  <Badge variant="secondary">{genreLabel(genre)}</Badge>
                </li>
              ))}
              {moreGenres.length > 0 && (
                <li>
                  <Badge variant="outline" title={moreGenres.map(genreLabel).join(', ')}>
                    +{moreGenres.length}
                    <span className="sr-only"> more: {moreGenres.map(genreLabel).join(', ')}</span>
                  </Badge>
                </li>
              )}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}

/** A number of the profile; null when the person keeps it from the viewer (shown as a dash). */
function Stat({
  label,
  value,
  href,
}: {
  label: string;
  value: number | null;
  href?: string | undefined;
}) {
  return (
    <div
      className={cn(
        'relative flex flex-col-reverse items-center rounded-lg bg-muted/60 px-2 py-3 text-center',
        href && 'hover:bg-muted focus-ring-card',
      )}
    >
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums" data-testid={`profile-stat-${label}`}>
        {href ? (
          // The link covers the whole box; its name says what it opens.
          <Link
            href={href}
            aria-label={`${value} ${label}`}
            data-stretched-link=""
            className="outline-none after:absolute after:inset-0 after:rounded-lg after:content-['']"
          >
            {value}
          </Link>
        ) : value === null ? (
          <>
            <span aria-hidden="true">–</span>
            <span className="sr-only">hidden</span>
          </>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

/** The own profile's Edit Profile button. */
export function EditProfileButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" variant="outline" size="sm" onClick={onClick}>
      <Pencil aria-hidden="true" />
      Edit Profile
    </Button>
  );
}
