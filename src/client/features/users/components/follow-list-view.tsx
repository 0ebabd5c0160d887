import { ArrowLeft, UsersRound } from 'lucide-react';
import { Link } from 'wouter';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { Button } from '../../../components/ui/button';
import { userPath } from '../../../config/paths';

const copy = {
  followers: {
    title: 'Followers',
    description: (username: string) => `People who follow @${username} will be listed here.`,
  },
  following: {
    title: 'Following',
    description: (username: string) => `People @${username} follows will be listed here.`,
  },
} as const;

/** The followers or following list of one user, with a way back to their profile. */
export function FollowListView({ username, kind }: { username: string; kind: keyof typeof copy }) {
  const { title, description } = copy[kind];
  return (
    <div className="flex flex-col gap-6">
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link href={userPath(username)}>
          <ArrowLeft aria-hidden="true" />
          Back to profile
        </Link>
      </Button>
      <PageHeader title={title} description={`@${username}`} />
      <EmptyState icon={UsersRound} title={title} description={description(username)} />
    </div>
  );
}
