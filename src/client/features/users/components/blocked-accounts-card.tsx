import { UserX } from 'lucide-react';
import { authorName } from '#shared/user-display';
import { ListState } from '#client/components/layout/list-state';
import { LoadMore } from '#client/components/layout/load-more';
import { SettingsCard } from '#client/components/layout/settings-card';
import { Skeleton } from '#client/components/ui/skeleton';
import { useBlockedAccounts } from '../api/block-user';
import { UnblockButton } from './unblock-button';
import { UserCard } from './user-card';

/** Settings' "Blocked accounts": the people the viewer blocked, each with Unblock. */
export function BlockedAccountsCard() {
  const blocked = useBlockedAccounts();
  const people = blocked.data?.pages.flat();
  return (
    <SettingsCard
      title="Blocked accounts"
      description="People you blocked do not see your profile or reviews, and you do not see theirs."
      contentClassName=""
    >
      <ListState
        query={blocked}
        items={people}
        loading={<Skeleton className="h-20 w-full rounded-xl" aria-hidden="true" />}
        error={{ title: 'Failed to load blocked accounts' }}
        empty={
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <UserX className="size-4" aria-hidden="true" />
            You have not blocked anyone.
          </p>
        }
      >
        {(shown) => (
          <div className="flex flex-col gap-3">
            <ul aria-label="Blocked accounts" className="flex flex-col gap-3">
              {shown.map((person) => (
                <li key={person.id}>
                  <UserCard
                    user={person}
                    action={<UnblockButton userId={person.id} name={authorName(person)} inList />}
                  />
                </li>
              ))}
            </ul>
            <LoadMore query={blocked} label="Load more blocked accounts" />
          </div>
        )}
      </ListState>
    </SettingsCard>
  );
}
