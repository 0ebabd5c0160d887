import { UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { UserProfile } from '#shared/schemas/users';
import { EmptyState } from '#client/components/layout/empty-state';
import { LoadError } from '#client/components/layout/list-state';
import { LoadingStatus } from '#client/components/layout/loading-status';
import { HeadedPage } from '#client/components/layout/page-header';
import { PageState } from '#client/components/layout/page-state';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { paths } from '#client/config/paths';
import { useProfile } from '../api/get-profile';
import type { ProfileRef } from '../api/keys';

/**
 * Loads the profile a page is about and shows its loading, failure and not-found states
 * (each with the page's h1); `children` renders the page once the profile is there.
 */
export function ProfileGate({
  profileRef,
  title,
  children,
}: {
  profileRef: ProfileRef;
  /** The page's heading while the person's name is not known yet. */
  title: string;
  children: (profile: UserProfile) => ReactNode;
}) {
  const query = useProfile(profileRef);
  return (
    <PageState
      query={query}
      loading={
        <HeadedPage title={title}>
          <LoadingStatus label="Loading profile" className="flex flex-col gap-4">
            <Skeleton className="h-40 w-full rounded-xl" />
            <Skeleton className="h-24 w-full rounded-xl" />
          </LoadingStatus>
        </HeadedPage>
      }
      notFound={
        <HeadedPage title="User not found">
          <EmptyState
            icon={UserX}
            title="No one by that name"
            description={`There is no Encore member called ${profileRef.by === 'username' ? `@${profileRef.value}` : 'that'}.`}
            action={
              <Button asChild>
                <Link href={paths.searchUsers}>Find Friends</Link>
              </Button>
            }
          />
        </HeadedPage>
      }
      failed={(retry) => (
        <HeadedPage title={title}>
          <LoadError {...retry} title="Failed to load profile" />
        </HeadedPage>
      )}
    >
      {children}
    </PageState>
  );
}
