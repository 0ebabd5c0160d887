import type { UserSummary } from '#shared/schemas/users';
import { authorName } from '#shared/user-display';
import { FollowButton } from './follow-button';
import { UserCard } from './user-card';

/** People as cards, two to a row on wide screens, each but the viewer with a follow toggle. */
export function PeopleList({
  label,
  people,
  viewerId,
  unfollowLabel,
}: {
  label: string;
  people: readonly UserSummary[];
  viewerId: string;
  /** The toggle says "Unfollow" (the viewer's own following list). */
  unfollowLabel?: boolean;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {people.map((person) => (
        <li key={person.id}>
          <UserCard
            user={person}
            action={
              person.id === viewerId ? undefined : (
                <FollowButton
                  userId={person.id}
                  name={authorName(person)}
                  isFollowing={person.isFollowing}
                  unfollowLabel={unfollowLabel}
                />
              )
            }
          />
        </li>
      ))}
    </ul>
  );
}
