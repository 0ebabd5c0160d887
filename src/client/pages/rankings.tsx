import { HeadedPage } from '../components/layout/page-header';
import { RankingsView } from '../features/rankings/components/rankings-view';

/** /rankings, readable signed out (PublicRoute gives it the frame and its main landmark). */
export default function RankingsPage() {
  return (
    <HeadedPage
      title="Rankings"
      description="The venues and artists fans rate highest, aspect by aspect"
    >
      <RankingsView />
    </HeadedPage>
  );
}
