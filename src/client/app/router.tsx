import { matchRoute, Route, useLocation, useRouter, useSearch } from 'wouter';
import { queryClient } from '../lib/query';
import {
  loadAppLayout,
  NotFoundRoute,
  ProtectedRoute,
  PublicRoute,
  SignedOutRoute,
} from './route-guards';
import { routes, type AppRoute, type RouteMatch } from './routes';

/**
 * Renders the page of the route table that matches the address. Every signed-in page sits
 * in the same <ProtectedRoute> at the same place, so React keeps the layout (sidebar
 * state, scroll of the rail) mounted across navigations and only swaps the page inside it.
 */
export function AppRouter() {
  const [location] = useLocation();
  const search = useSearch();
  const { parser } = useRouter();
  let route: AppRoute | undefined;
  let params: RouteMatch['params'] = {};
  for (const candidate of routes) {
    const [matches, found] = matchRoute(parser, candidate.path, location);
    if (matches) {
      route = candidate;
      params = found ?? {};
      break;
    }
  }
  if (!route) return <NotFoundRoute />;
  startFirstPage(route, { params, search });
  const Page = route.page;
  return (
    <Route path={route.path}>
      {route.access === 'signed-in' ? (
        <ProtectedRoute>
          <Page />
        </ProtectedRoute>
      ) : route.access === 'public' ? (
        <PublicRoute>
          <Page />
        </PublicRoute>
      ) : (
        <SignedOutRoute waitForAuth={route.waitForAuth}>
          <Page />
        </SignedOutRoute>
      )}
    </Route>
  );
}

let firstPageStarted = false;

/**
 * On the app's first page only: a signed-in page otherwise loads one step after another
 * (who is signed in, then the layout's code, then the page's, then its data, then its
 * images). Asking for the layout, the page and its first data at once, while who is signed
 * in is still being asked, lets them all arrive together. Later pages need not: the layout
 * is there, and a page's code is small.
 */
function startFirstPage(route: AppRoute, match: RouteMatch) {
  if (firstPageStarted) return;
  firstPageStarted = true;
  if (route.access === 'signed-out') return;
  // A public page (a shared concert) is often opened signed out, which needs no layout; a
  // visitor with a session cookie has it named in the HTML already (page-preloads.ts).
  if (route.access === 'signed-in') void loadAppLayout();
  void route.page.load();
  void route.prefetch?.(queryClient, match);
}
