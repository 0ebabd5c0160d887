import { useParams } from 'wouter';
import { FollowListView } from '../features/users/components/follow-list-view';

export default function UserFollowingPage() {
  const { username } = useParams<{ username: string }>();
  return <FollowListView username={username} kind="following" />;
}
