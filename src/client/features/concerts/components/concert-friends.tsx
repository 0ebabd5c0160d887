import { useId } from 'react';
import { Link } from 'wouter';
import { authorName } from '#shared/user-display';
import { LoadError } from '#client/components/layout/list-state';
import { LoadingStatus } from '#client/components/layout/loading-status';
import { PersonAvatar } from '#client/components/layout/person-avatar';
import { Skeleton } from '#client/components/ui/skeleton';
import { userPath } from '#client/config/paths';
import { useConcertFriends } from '../api/get-concert-friends';
import { isHistorical } from '../lib/concert-format';

/**
 * "Friends going" (a concert still to come) or "Friends who were there" (a past one): the
 * people the viewer follows who marked the concert, each an avatar and a name linking to
 * their profile, and how many more there are. Signed in only; nothing when nobody is.
 */
export function ConcertFriends({ concert }: { concert: { id: string; date: string } }) {
  const headingId = useId();
  const query = useConcertFriends(concert.id);
  const title = isHistorical(concert.date) ? 'Friends who were there' : 'Friends going';
  if (query.isPending) {
    return (
      <LoadingStatus label={`Loading ${title}`} className="flex flex-col gap-3">
        <Skeleton className="h-6 w-36" aria-hidden="true" />
        <div className="flex gap-2" aria-hidden="true">
          {Array.from({ length: 3 }, (_, n) => (
            <Skeleton key={n} className="size-10 rounded-full" />
          ))}
        </div>
      </LoadingStatus>
    );
  }
  if (query.isError) return <LoadError query={query} title={`Failed to load ${title}`} />;
  const { people, total } = query.data;
  if (people.length === 0) return null;
  const more = total - people.length;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <ul className="flex flex-wrap gap-x-4 gap-y-3">
        {people.map((person) => (
          <li key={person.id}>
            <Link
              href={userPath(person.username ?? person.id)}
              className="focus-ring flex items-center gap-2 rounded-full pr-2 text-sm font-medium hover:text-primary"
            >
              <PersonAvatar person={person} className="size-10" fallbackClassName="text-xs" />
              {authorName(person)}
            </Link>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="text-sm text-muted-foreground">
          {more === 1 ? 'and 1 more' : `and ${more} more`}
        </p>
      )}
    </section>
  );
}
