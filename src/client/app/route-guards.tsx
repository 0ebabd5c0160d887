import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { NotFoundMessage } from '../components/layout/not-found-message';
import { FullPageSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { useAuth } from '../features/auth/api/get-user';
import { BareLayout, PublicHeader } from './layouts/bare-layout';
import { afterSignInPath, signInPathFor } from './sign-in-path';

// The signed-in frame (sidebar, sheet, tooltips) is its own chunk so signed-out pages stay light.
export const loadAppLayout = () => import('./layouts/app-layout');
const AppLayout = lazy(loadAppLayout);

/**
 * docs/product.md §2 "Protected-route rule": a centred spinner while the user loads, /auth
 * (naming this page as `next`) when nobody is signed in, otherwise the page inside the
 * signed-in layout.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const [location] = useLocation();
  const search = useSearch();
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <Redirect to={signInPathFor(location, search)} replace />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AppLayout user={user}>{children}</AppLayout>
    </Suspense>
  );
}

/**
 * Pages for signed-out visitors (bare layout); signed-in users are sent on to the page the
 * address's `next` names (/auth?next=…), else to /discover.
 * With `waitForAuth` a spinner shows until the signed-in state is known; without it the page
 * renders straight away, which keeps the landing page fast for first-time visitors.
 */
export function SignedOutRoute({
  children,
  waitForAuth = false,
}: {
  children: ReactNode;
  waitForAuth?: boolean;
}) {
  const { user, isLoading } = useAuth();
  const search = useSearch();
  if (user) return <Redirect to={afterSignInPath(search)} replace />;
  if (isLoading && waitForAuth) return <FullPageSpinner />;
  return (
    <BareLayout>
      <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
    </BareLayout>
  );
}

/**
 * Pages anyone may read (league tables, a public year in review): inside the signed-in
 * layout for signed-in people, in the bare frame with a way to sign in for everyone else.
 */
export function PublicRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const [location] = useLocation();
  const search = useSearch();
  if (isLoading) return <FullPageSpinner />;
  if (user) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <AppLayout user={user}>{children}</AppLayout>
      </Suspense>
    );
  }
  return (
    <BareLayout>
      <PublicHeader signInHref={signInPathFor(location, search)} />
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-4 py-6 sm:px-6 lg:px-8">
        <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
      </main>
    </BareLayout>
  );
}

/** Unknown paths: the 404 page, inside the signed-in layout for signed-in users. */
export function NotFoundRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (user) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <AppLayout user={user}>
          <NotFoundMessage homeHref={paths.discover} homeLabel="Back to Discover" />
        </AppLayout>
      </Suspense>
    );
  }
  return (
    <BareLayout>
      <main className="flex flex-1 items-center justify-center">
        <NotFoundMessage homeHref={paths.landing} homeLabel="Go to the home page" />
      </main>
    </BareLayout>
  );
}
