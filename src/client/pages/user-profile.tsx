import { useParams } from 'wouter';
import { ProfileView } from '../features/profile/components/profile-view';

/** /users/:username and /profile/:username. */
export default function UserProfilePage() {
  const { username } = useParams<{ username: string }>();
  return <ProfileView username={username} />;
}
