import { useParams } from 'wouter';
import { useAuth } from '../features/auth/api/get-user';
import { ProfileView } from '../features/users/components/profile-view';

/** /users/:username and /profile/:username. */
export default function UserProfilePage() {
  const { username } = useParams<{ username: string }>();
  const { user } = useAuth();
  return <ProfileView username={username} currentUser={user} />;
}
