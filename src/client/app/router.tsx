import { matchRoute, Route, useLocation, useRouter } from 'wouter';
import { NotFoundRoute, ProtectedRoute, SignedOutRoute } from './route-guards';
import { routes } from './routes';

/**
 * Renders the page of the route table that matches the address. Every signed-in page sits
 * in the same <ProtectedRoute> at the same place, so React keeps the layout (sidebar
 * state, scroll of the rail) mounted across navigations and only swaps the page inside it.
 */
export function AppRouter() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const route = routes.find((candidate) => matchRoute(parser, candidate.path, location)[0]);
  if (!route) return <NotFoundRoute />;
  const Page = route.page;
  return (
    <Route path={route.path}>
      {route.access === 'signed-in' ? (
        <ProtectedRoute>
          <Page />
        </ProtectedRoute>
      ) : (
        <SignedOutRoute waitForAuth={route.waitForAuth}>
          <Page />
        </SignedOutRoute>
      )}
    </Route>
  );
}
