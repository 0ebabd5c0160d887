import { useParams } from 'wouter';
import { NotFoundMessage } from '../components/layout/not-found-message';
import { paths, userYearPath } from '../config/paths';
import { useAuth } from '../features/auth/api/get-user';
import { YearInReviewView } from '../features/years/components/year-in-review-view';
import { parseYear } from '../features/years/lib/parse-year';

/** /users/{username}/year/{year}: anyone's public year of shows, readable signed out. */
export default function UserYearPage() {
  const { username = '', year = '' } = useParams<{ username: string; year: string }>();
  const { user } = useAuth();
  const parsed = parseYear(year);
  if (parsed === null) {
    return <NotFoundMessage homeHref={paths.landing} homeLabel="Back to Encore" />;
  }
  return (
    <YearInReviewView
      key={`${username}:${parsed}`}
      username={username}
      year={parsed}
      isOwn={user?.username?.toLowerCase() === username.toLowerCase()}
      yearPath={(other) => userYearPath(username, other)}
    />
  );
}
