import { useAuth } from '../features/auth/api/get-user';
import { UserSearch } from '../features/users/components/user-search';

export default function SearchUsersPage() {
  const { user } = useAuth();
  if (!user) return null;
  return <UserSearch viewerId={user.id} />;
}
