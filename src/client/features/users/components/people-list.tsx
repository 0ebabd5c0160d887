import type { UserSummary } from '#shared/schemas/users';
import { authorName } from '#shared/user-display';
import { Button } from '#client/components/ui/button';
import { useRemoveFollower } from '../api/remove-follower';
import { FollowButton } from './follow-button';
import { UserCard } from './user-card';

/** People as cards, two to a row on wide screens, each but the viewer with a follow toggle. */
export function PeopleList({
  label,
  people,
  viewerId,
  unfollowLabel,
  removable = false,
}: {
  label: string;
  people: readonly UserSummary[];
  viewerId: string;
  /** The toggle says "Unfollow" (the viewer's own following list). */
  unfollowLabel?: boolean;
  /** Each person has "Remove follower" too (the viewer's own followers list). */
  removable?: boolean;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {people.map((person) => (
        <li key={person.id}>
          <UserCard
            user={person}
            action={
              person.id === viewerId ? undefined : (
                <div className="flex flex-wrap justify-end gap-2">
                  <FollowButton
                    userId={person.id}
                    name={authorName(person)}
                    isFollowing={person.isFollowing}
                    unfollowLabel={unfollowLabel}
                  />
                  {removable && (
                    <RemoveFollowerButton userId={person.id} name={authorName(person)} />
                  )}
                </div>
              )
            }
          />
        </li>
      ))}
    </ul>
  );
}

/** Remove follower: they stop following the viewer, and leave the list once it is asked again. */
function RemoveFollowerButton({ userId, name }: { userId: string; name: string }) {
  const remove = useRemoveFollower();
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      busy={remove.isPending}
      onClick={() => remove.mutate(userId)}
    >
      Remove follower<span className="sr-only"> {name}</span>
    </Button>
  );
}
