import { PageHeader } from '../components/layout/page-header';
import { useAuth } from '../features/auth/api/get-user';
import { RankingsView } from '../features/rankings/components/rankings-view';

/**
 * /rankings, readable signed out: members see it in the app's layout (which holds the
 * page's main landmark), visitors in the bare frame, where the page is its own main.
 */
export default function RankingsPage() {
  const { user } = useAuth();
  const body = (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Rankings"
        description="The venues and artists fans rate highest, aspect by aspect"
      />
      <RankingsView />
    </div>
  );
  if (user) return body;
  return <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:px-8">{body}</main>;
}
