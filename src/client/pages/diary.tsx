import { HeadedPage } from '../components/layout/page-header';
import { DiaryView } from '../features/diary/components/diary-view';

/** /diary: one's own diary. */
export default function DiaryPage() {
  return (
    <HeadedPage title="My Diary">
      <DiaryView who="me" own />
    </HeadedPage>
  );
}
