import { HeadedPage } from '../components/layout/page-header';
import { useAuth } from '../features/auth/api/get-user';
import { DiaryView } from '../features/diary/components/diary-view';

/** /diary: one's own diary; one's id lists the people one follows for ticket details. */
export default function DiaryPage() {
  const { user } = useAuth();
  return (
    <HeadedPage title="My Diary">
      <DiaryView who="me" own viewerId={user?.id} />
    </HeadedPage>
  );
}
