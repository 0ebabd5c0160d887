import { useParams } from 'wouter';
import { useAuth } from '../features/auth/api/get-user';
import { profileRefFromSegment } from '../features/users/api/get-profile';
import { ProfilePageBody } from './profile';

/** /users/:username and /profile/:username; the own username (or id) shows My Profile. */
export default function UserProfilePage() {
  const { username = '' } = useParams<{ username: string }>();
  const { user } = useAuth();
  if (!user) return null;
  const ref = profileRefFromSegment(username);
  const isOwn =
    ref.by === 'id'
      ? ref.value === user.id.toLowerCase()
      : ref.value === user.username?.toLowerCase();
  return (
    <ProfilePageBody
      key={username}
      profileRef={isOwn ? { by: 'id', value: user.id } : ref}
      isOwn={isOwn}
      viewerId={user.id}
    />
  );
}
