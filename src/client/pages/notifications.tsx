import { NotFoundMessage } from '../components/layout/not-found-message';
import { paths } from '../config/paths';

/** Spec §2: /notifications shows only a not-found placeholder. */
export default function NotificationsPage() {
  return <NotFoundMessage homeHref={paths.discover} homeLabel="Back to Discover" />;
}
