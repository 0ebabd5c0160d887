import { useParams } from 'wouter';
import { FollowListView } from '../features/users/components/follow-list-view';

export default function UserFollowersPage() {
  const { username } = useParams<{ username: string }>();
  return <FollowListView username={username} kind="followers" />;
}
