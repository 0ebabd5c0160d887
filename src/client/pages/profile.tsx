import { useAuth } from '../features/auth/api/get-user';
import { ProfileView } from '../features/users/components/profile-view';

export default function ProfilePage() {
  const { user } = useAuth();
  return <ProfileView currentUser={user} />;
}
