import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { paths } from '../config/paths';
import { NotFoundRoute, ProtectedRoute, SignedOutRoute } from './route-guards';

// One chunk per page, loaded on first visit.
const LandingPage = lazy(() => import('../pages/landing'));
const AuthPage = lazy(() => import('../pages/auth'));
const DiscoverPage = lazy(() => import('../pages/discover'));
const ConcertPage = lazy(() => import('../pages/concert'));
const TimelinePage = lazy(() => import('../pages/timeline'));
const SearchUsersPage = lazy(() => import('../pages/search-users'));
const MyReviewsPage = lazy(() => import('../pages/my-reviews'));
const WishlistPage = lazy(() => import('../pages/wishlist'));
const UserFollowersPage = lazy(() => import('../pages/user-followers'));
const UserFollowingPage = lazy(() => import('../pages/user-following'));
const UserProfilePage = lazy(() => import('../pages/user-profile'));
const ProfilePage = lazy(() => import('../pages/profile'));
const NotificationsPage = lazy(() => import('../pages/notifications'));
const SettingsPage = lazy(() => import('../pages/settings'));

/**
 * Spec §2 route table. Every signed-in route renders the same <ProtectedRoute> wrapper at the
 * same place, so React keeps the layout (sidebar state, scroll of the rail) mounted across
 * navigations and only swaps the page inside it.
 */
export function AppRouter() {
  return (
    <Switch>
      <Route path={paths.landing}>
        <SignedOutRoute>
          <LandingPage />
        </SignedOutRoute>
      </Route>
      <Route path={paths.auth}>
        <SignedOutRoute waitForAuth>
          <AuthPage />
        </SignedOutRoute>
      </Route>

      <Route path={paths.discover}>
        <ProtectedRoute>
          <DiscoverPage />
        </ProtectedRoute>
      </Route>
      <Route path={paths.concert}>
        <ProtectedRoute>
          <ConcertPage />
        </ProtectedRoute>
      </Route>
      <Route path={paths.timeline}>
        <ProtectedRoute>
          <TimelinePage />
        </ProtectedRoute>
      </Route>
      <Route path={paths.searchUsers}>
        <ProtectedRoute>
          <SearchUsersPage />
        </ProtectedRoute>
      </Route>
      <Route path={paths.reviews}>
        <ProtectedRoute>
          <MyReviewsPage />
        </ProtectedRoute>
      </Route>
      <Route path={paths.wishlist}>
        <ProtectedRoute>
          <WishlistPage />
        </ProtectedRoute>
      </Route>
      <Route path={paths.userFollowers}>
        <ProtectedRoute>
          <UserFollowersPage />
        </ProtectedRoute>
      </Route>
      <Route path={paths.userFollowing}>
        <ProtectedRoute>
          <UserFollowingPage />
        </ProtectedRoute>
      </Route>
      <Route path={paths.user}>
        <ProtectedRoute>
          <UserProfilePage />
        </ProtectedRoute>
      </Route>
      <Route path={paths.profileByUsername}>
        <ProtectedRoute>
          <UserProfilePage />
        </ProtectedRoute>
      </Route>
      <Route path={paths.profile}>
        <ProtectedRoute>
          <ProfilePage />
        </ProtectedRoute>
      </Route>
      <Route path={paths.notifications}>
        <ProtectedRoute>
          <NotificationsPage />
        </ProtectedRoute>
      </Route>
      <Route path={paths.settings}>
        <ProtectedRoute>
          <SettingsPage />
        </ProtectedRoute>
      </Route>

      <Route>
        <NotFoundRoute />
      </Route>
    </Switch>
  );
}
