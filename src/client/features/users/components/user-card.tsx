import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { UserSummary } from '#shared/schemas/users';
import { authorName, handle } from '#shared/user-display';
import { AvatarLinesSkeleton } from '#client/components/layout/loading-status';
import { PersonAvatar } from '#client/components/layout/person-avatar';
import { profileHref } from '../lib/profile-links';

/**
 * A person in a list: avatar, name (the link to their profile, stretched over the card),
 * handle and bio, and an action (the follow button) above the link layer.
 */
export function UserCard({ user, action }: { user: UserSummary; action?: ReactNode }) {
  const name = authorName(user);
  return (
    <article
      aria-label={name}
      className="relative flex items-center gap-3 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary/40 focus-ring-card"
    >
      <PersonAvatar person={user} className="size-12" fallbackClassName="text-sm" />
      <div className="min-w-0 flex-1">
        <Link
          href={profileHref(user)}
          data-stretched-link=""
          className="block truncate font-semibold outline-none after:absolute after:inset-0 after:content-[''] hover:text-primary"
        >
          {name}
        </Link>
        <p className="truncate text-sm text-muted-foreground">{handle(user)}</p>
        {user.bio && (
          <p className="mt-1 line-clamp-2 text-sm text-pretty break-words">{user.bio}</p>
        )}
      </div>
      {action && <div className="relative z-10 shrink-0">{action}</div>}
    </article>
  );
}

/** A placeholder card while people load. */
export function UserCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex items-center gap-3 rounded-xl border bg-card p-4">
      <AvatarLinesSkeleton
        avatarClassName="size-12"
        lineClassNames={['h-4 w-1/3 rounded', 'h-3 w-1/4 rounded']}
      />
    </div>
  );
}
