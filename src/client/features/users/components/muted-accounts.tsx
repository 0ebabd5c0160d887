import { useMemo, type MouseEvent } from 'react';
import type { MutedPerson } from '#shared/schemas/moderation';
import { displayName } from '#shared/user-display';
import { ListState } from '#client/components/layout/list-state';
import { LoadMoreButton } from '#client/components/layout/load-more';
import { SkeletonStack } from '#client/components/layout/loading-status';
import { PersonAvatar } from '#client/components/layout/person-avatar';
import { SettingsCard } from '#client/components/layout/settings-card';
import { Button } from '#client/components/ui/button';
import { focusElement, rememberFocusPlace } from '#client/lib/focus-return';
import { useMutedPeople, useSetMuted } from '../api/mute-user';

/** Settings: the people the viewer muted, each with Unmute. */
export function MutedAccounts({ onMuteChanged }: { onMuteChanged?: () => void }) {
  const muted = useMutedPeople();
  const people = useMemo(() => muted.data?.pages.flat(), [muted.data]);
  return (
    <SettingsCard
      title="Muted accounts"
      description="Their reviews stay out of your Following timeline. They are not told."
    >
      <ListState
        query={muted}
        items={people}
        loading={
          <SkeletonStack
            label="Loading muted accounts"
            count={2}
            skeletonClassName="h-10 w-full rounded-lg"
          />
        }
        error={{ title: 'Failed to load muted accounts' }}
        empty={<p className="text-sm text-muted-foreground">You have not muted anyone.</p>}
      >
        {(list) => (
          <ul className="flex flex-col gap-2" aria-label="Muted accounts">
            {list.map((person) => (
              <MutedRow key={person.id} person={person} onMuteChanged={onMuteChanged} />
            ))}
          </ul>
        )}
      </ListState>
      <LoadMoreButton query={muted} label="Show more muted accounts" />
    </SettingsCard>
  );
}

function MutedRow({ person, onMuteChanged }: { person: MutedPerson; onMuteChanged?: () => void }) {
  const name = displayName(person);
  const unmute = useSetMuted(person.id, name, onMuteChanged);
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    // The row leaves the list once unmuted: focus goes to the list's heading.
    const heading = rememberFocusPlace(event.currentTarget)?.heading;
    unmute.mutate(false);
    if (heading) focusElement(heading);
  };
  return (
    <li className="flex items-center gap-3">
      <PersonAvatar person={person} className="size-8" fallbackClassName="text-xs" />
      <span className="min-w-0 flex-1 truncate text-sm">
        <span className="font-medium">{name}</span>
        {person.username && <span className="ml-2 text-muted-foreground">@{person.username}</span>}
      </span>
      <Button
        type="button"
        variant="outline"
        size="sm"
        busy={unmute.isPending}
        aria-label={`Unmute ${name}`}
        onClick={press}
      >
        Unmute
      </Button>
    </li>
  );
}
