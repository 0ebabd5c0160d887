import { useAuth } from '../features/auth/api/get-user';
import { MyReviews } from '../features/reviews/components/my-reviews';

export default function MyReviewsPage() {
  const { user } = useAuth();
  // The protected route renders pages only for a signed-in user.
  if (!user) return null;
  return <MyReviews userId={user.id} />;
}
