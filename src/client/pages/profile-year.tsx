import { useParams } from 'wouter';
import { NotFoundMessage } from '../components/layout/not-found-message';
import { paths, profileYearPath } from '../config/paths';
import { useAuth } from '../features/auth/api/get-user';
import { YearInReviewView } from '../features/years/components/year-in-review-view';
import { parseYear } from '../features/years/lib/parse-year';

/** /profile/year/{year}: one's own year of shows. */
export default function ProfileYearPage() {
  const { year = '' } = useParams<{ year: string }>();
  const { user } = useAuth();
  const parsed = parseYear(year);
  if (parsed === null || !user?.username) {
    return <NotFoundMessage homeHref={paths.profile} homeLabel="Back to your profile" />;
  }
  return (
    <YearInReviewView
      key={parsed}
      username={user.username}
      year={parsed}
      isOwn
      yearPath={profileYearPath}
    />
  );
}
