/**
 * Every page of the app in one table: where it lives (a pattern of config/paths.ts), the
 * page (one lazily loaded chunk each), who may see it, the header's section name, and its
 * place in the navigation. The router, the sidebar, the phone tab bar and the header all
 * read this table: a new page is one entry here (and its path pattern).
 */
import {
  Bell,
  CircleUserRound,
  Compass,
  Heart,
  Newspaper,
  Settings,
  UserSearch,
  type LucideIcon,
} from 'lucide-react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { paths } from '../config/paths';

export interface NavEntry {
  label: string;
  /** docs/product.md §2 "Sidebar" descriptions, for the main navigation. */
  description?: string;
  icon: LucideIcon;
}

export interface AppRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  /** Signed-out pages send signed-in people to Discover, and the reverse. */
  access: 'signed-out' | 'signed-in';
  /** Wait for the signed-in state before showing a signed-out page (no flash of it). */
  waitForAuth?: boolean;
  /** What the header calls the section this page belongs to. */
  section?: string;
  /** Where the page appears in the navigation, and as what. */
  nav?: {
    sidebar?: 'main' | 'footer';
    mobileTab?: 'left' | 'right';
  } & NavEntry;
}

// /users/:username and /profile/:username are one page, so moving between them keeps it.
const UserProfilePage = lazy(() => import('../pages/user-profile'));

export const routes: readonly AppRoute[] = [
  { path: paths.landing, page: lazy(() => import('../pages/landing')), access: 'signed-out' },
  {
    path: paths.auth,
    page: lazy(() => import('../pages/auth')),
    access: 'signed-out',
    waitForAuth: true,
  },
  {
    path: paths.discover,
    page: lazy(() => import('../pages/discover')),
    access: 'signed-in',
    section: 'Discover',
    nav: {
      sidebar: 'main',
      mobileTab: 'right',
      label: 'Discover',
      description: 'find concerts near you',
      icon: Compass,
    },
  },
  {
    path: paths.concert,
    page: lazy(() => import('../pages/concert')),
    access: 'signed-in',
    section: 'Concert',
  },
  {
    path: paths.timeline,
    page: lazy(() => import('../pages/timeline')),
    access: 'signed-in',
    section: 'Timeline',
    nav: {
      sidebar: 'main',
      mobileTab: 'left',
      label: 'Timeline',
      description: 'social feed and trending',
      icon: Newspaper,
    },
  },
  {
    path: paths.searchUsers,
    page: lazy(() => import('../pages/search-users')),
    access: 'signed-in',
    section: 'Find Friends',
    nav: { mobileTab: 'left', label: 'Find Friends', icon: UserSearch },
  },
  {
    path: paths.reviews,
    page: lazy(() => import('../pages/my-reviews')),
    access: 'signed-in',
    section: 'My Reviews',
  },
  {
    path: paths.wishlist,
    page: lazy(() => import('../pages/wishlist')),
    access: 'signed-in',
    section: 'Wishlist',
    nav: { sidebar: 'main', label: 'Wishlist', description: 'saved concerts', icon: Heart },
  },
  {
    path: paths.userFollowers,
    page: lazy(() => import('../pages/user-followers')),
    access: 'signed-in',
    section: 'Profile',
  },
  {
    path: paths.userFollowing,
    page: lazy(() => import('../pages/user-following')),
    access: 'signed-in',
    section: 'Profile',
  },
  {
    path: paths.user,
    page: UserProfilePage,
    access: 'signed-in',
    section: 'Profile',
  },
  {
    path: paths.profileByUsername,
    page: UserProfilePage,
    access: 'signed-in',
    section: 'Profile',
  },
  {
    path: paths.profile,
    page: lazy(() => import('../pages/profile')),
    access: 'signed-in',
    section: 'Profile',
    nav: {
      sidebar: 'main',
      mobileTab: 'right',
      label: 'Profile',
      description: 'your music profile',
      icon: CircleUserRound,
    },
  },
  {
    path: paths.notifications,
    page: lazy(() => import('../pages/notifications')),
    access: 'signed-in',
    section: 'Notifications',
    nav: { sidebar: 'footer', label: 'Notifications', icon: Bell },
  },
  {
    path: paths.settings,
    page: lazy(() => import('../pages/settings')),
    access: 'signed-in',
    section: 'Settings',
    nav: { sidebar: 'footer', label: 'Settings', icon: Settings },
  },
  {
    path: paths.help,
    page: lazy(() => import('../pages/help')),
    access: 'signed-in',
    section: 'Help & Support',
  },
];
