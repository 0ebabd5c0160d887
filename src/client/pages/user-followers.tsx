import { useParams } from 'wouter';
import { useAuth } from '../features/auth/api/get-user';
import { FollowListView } from '../features/users/components/follow-list-view';

export default function UserFollowersPage() {
  const { username = '' } = useParams<{ username: string }>();
  const { user } = useAuth();
  if (!user) return null;
  return <FollowListView key={username} username={username} kind="followers" viewerId={user.id} />;
}
