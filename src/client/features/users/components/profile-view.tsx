import { CalendarDays, MapPin, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { displayName, handle, initials } from '#shared/user-display';
import type { CurrentUser } from '#shared/schemas/users';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { userFollowersPath, userFollowingPath } from '../../../config/paths';

const joinedFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

function isSameUsername(a: string | null | undefined, b: string | null | undefined): boolean {
  return Boolean(a && b && a.toLowerCase() === b.toLowerCase());
}

/**
 * A profile page. Without `username`, or with the signed-in user's own username, it is
 * "My Profile"; otherwise it is that person's profile.
 */
export function ProfileView({
  username,
  currentUser: user,
}: {
  username?: string;
  currentUser: CurrentUser | null | undefined;
}) {
  if (!user) return null;
  if (!username || isSameUsername(username, user.username)) return <OwnProfile user={user} />;
  return <OtherProfile username={username} />;
}

function OwnProfile({ user }: { user: CurrentUser }) {
  const joined = new Date(user.createdAt);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title="My Profile" />
      <Card>
        <CardContent className="flex flex-col gap-5 sm:flex-row sm:items-center">
          <Avatar className="size-20 text-2xl">
            {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
            <AvatarFallback className="text-2xl">{initials(user)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0 space-y-1">
            <p className="truncate text-xl font-semibold">{displayName(user)}</p>
            <p className="truncate text-muted-foreground">{handle(user)}</p>
            {user.bio && <p className="pt-1 text-pretty">{user.bio}</p>}
            <div className="flex flex-wrap gap-x-4 gap-y-1 pt-1 text-sm text-muted-foreground">
              {user.location && (
                <span className="inline-flex items-center gap-1.5">
                  <MapPin className="size-4" aria-hidden="true" />
                  {user.location}
                </span>
              )}
              {!Number.isNaN(joined.getTime()) && (
                <span className="inline-flex items-center gap-1.5">
                  <CalendarDays className="size-4" aria-hidden="true" />
                  Joined {joinedFormat.format(joined)}
                </span>
              )}
            </div>
          </div>
        </CardContent>
      </Card>
      <EmptyState
        icon={UserRound}
        title="Your music story starts here"
        description="Your reviews, concerts and stats will appear on your profile."
      />
    </div>
  );
}

function OtherProfile({ username }: { username: string }) {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={`${username} Profile`}
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <Link href={userFollowersPath(username)}>Followers</Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link href={userFollowingPath(username)}>Following</Link>
            </Button>
          </>
        }
      />
      <EmptyState
        icon={UserRound}
        title={`@${username}`}
        description="Their reviews and concerts will appear here."
      />
    </div>
  );
}
