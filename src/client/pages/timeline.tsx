import { useAuth } from '../features/auth/api/get-user';
import { Timeline } from '../features/reviews/components/timeline';

export default function TimelinePage() {
  const { user } = useAuth();
  // The protected route renders pages only for a signed-in user.
  if (!user) return null;
  return <Timeline viewerId={user.id} />;
}
