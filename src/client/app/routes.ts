/**
 * Every page of the app in one table: where it lives (a pattern of config/paths.ts), the
 * page (one lazily loaded chunk each), who may see it, the header's section name, its
 * place in the navigation, and the data it shows first (fetched alongside its code when the
 * app opens on it). The router, the sidebar, the phone tab bar and the header all
 * read this table: a new page is one entry here (and its path pattern).
 */
import {
  Bell,
  BookOpen,
  CircleHelp,
  CircleUserRound,
  Compass,
  Heart,
  NotebookPen,
  Newspaper,
  Settings,
  Trophy,
  UserSearch,
  type LucideIcon,
} from 'lucide-react';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { paths } from '../config/paths';
import { artistQueryOptions } from '../features/concerts/api/get-artist';
import { concertQueryOptions } from '../features/concerts/api/get-concert';
import { concertsInfiniteQueryOptions } from '../features/concerts/api/get-concerts';
import { venueQueryOptions } from '../features/concerts/api/get-venue';
import { dayKey } from '../features/concerts/lib/concert-format';
import { concertsQuery, parseDiscoverSearch } from '../features/concerts/lib/discover-filters';

export interface NavEntry {
  label: string;
  /** docs/product.md §2 "Sidebar" descriptions, for the main navigation. */
  description?: string;
  icon: LucideIcon;
}

/** A page's lazily loaded component, with the import that loads it, to start it early. */
export type LazyPage = LazyExoticComponent<ComponentType> & { load: () => Promise<unknown> };

function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  return Object.assign(lazy(load), { load });
}

/** Where the address matched: the pattern's named parts, and the query string. */
export interface RouteMatch {
  params: Partial<Record<string, string>>;
  search: string;
}

export interface AppRoute {
  path: string;
  page: LazyPage;
  /**
   * Starts fetching what the page shows first (its largest image comes from it), so that
   * on opening the app it arrives alongside the page's code rather than after it.
   */
  prefetch?: (queryClient: QueryClient, match: RouteMatch) => Promise<unknown>;
  /**
   * Signed-out pages send signed-in people to Discover, and the reverse; public pages are
   * open to both.
   */
  access: 'signed-out' | 'signed-in' | 'public';
  /** Wait for the signed-in state before showing a signed-out page (no flash of it). */
  waitForAuth?: boolean;
  /** What the header calls the section this page belongs to. */
  section?: string;
  /** Where the page appears in the navigation, and as what. */
  nav?: {
    sidebar?: 'main' | 'footer';
    mobileTab?: 'left' | 'right';
    /** Its place in the phone's "More" sheet (docs/product.md §2), first to last. */
    more?: number;
  } & NavEntry;
}

// /users/:username and /profile/:username are one page, so moving between them keeps it.
const UserProfilePage = lazyPage(() => import('../pages/user-profile'));

export const routes: readonly AppRoute[] = [
  { path: paths.landing, page: lazyPage(() => import('../pages/landing')), access: 'signed-out' },
  {
    path: paths.auth,
    page: lazyPage(() => import('../pages/auth')),
    access: 'signed-out',
    waitForAuth: true,
  },
  {
    path: paths.discover,
    page: lazyPage(() => import('../pages/discover')),
    access: 'signed-in',
    prefetch: (queryClient, { search }) =>
      queryClient.prefetchInfiniteQuery(
        concertsInfiniteQueryOptions(concertsQuery(parseDiscoverSearch(search), dayKey())),
      ),
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
    page: lazyPage(() => import('../pages/concert')),
    access: 'public',
    prefetch: (queryClient, { params }) =>
      queryClient.prefetchQuery(concertQueryOptions(params.id ?? '')),
    section: 'Concert',
  },
  {
    path: paths.artist,
    page: lazyPage(() => import('../pages/artist')),
    access: 'public',
    prefetch: (queryClient, { params }) =>
      queryClient.prefetchQuery(artistQueryOptions(params.id ?? '')),
    section: 'Artist',
  },
  {
    path: paths.venue,
    page: lazyPage(() => import('../pages/venue')),
    access: 'public',
    prefetch: (queryClient, { params }) =>
      queryClient.prefetchQuery(venueQueryOptions(params.id ?? '')),
    section: 'Venue',
  },
  {
    path: paths.timeline,
    page: lazyPage(() => import('../pages/timeline')),
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
    path: paths.search,
    page: lazyPage(() => import('../pages/search')),
    access: 'public',
    section: 'Search',
  },
  {
    path: paths.searchUsers,
    page: lazyPage(() => import('../pages/search-users')),
    access: 'signed-in',
    section: 'Find Friends',
    // "Friends" fits its tab at 320 px; the page and its header keep "Find Friends".
    nav: { mobileTab: 'left', label: 'Friends', icon: UserSearch },
  },
  {
    path: paths.reviews,
    page: lazyPage(() => import('../pages/my-reviews')),
    access: 'signed-in',
    section: 'My Reviews',
    nav: {
      sidebar: 'main',
      more: 2,
      label: 'My Reviews',
      description: 'your reviews and drafts',
      icon: NotebookPen,
    },
  },
  {
    path: paths.review,
    page: lazyPage(() => import('../pages/review')),
    access: 'public',
    section: 'Review',
  },
  {
    path: paths.wishlist,
    page: lazyPage(() => import('../pages/wishlist')),
    access: 'signed-in',
    section: 'Wishlist',
    nav: {
      sidebar: 'main',
      more: 1,
      label: 'Wishlist',
      description: 'saved concerts',
      icon: Heart,
    },
  },
  {
    path: paths.diary,
    page: lazyPage(() => import('../pages/diary')),
    access: 'signed-in',
    section: 'Diary',
    nav: {
      sidebar: 'main',
      more: 3,
      label: 'Diary',
      description: 'the shows you went to',
      icon: BookOpen,
    },
  },
  {
    path: paths.userFollowers,
    page: lazyPage(() => import('../pages/user-followers')),
    access: 'signed-in',
    section: 'Profile',
  },
  {
    path: paths.userFollowing,
    page: lazyPage(() => import('../pages/user-following')),
    access: 'signed-in',
    section: 'Profile',
  },
  {
    path: paths.userYear,
    page: lazyPage(() => import('../pages/user-year')),
    access: 'public',
    section: 'Year in review',
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
    path: paths.profileYear,
    page: lazyPage(() => import('../pages/profile-year')),
    access: 'signed-in',
    section: 'Year in review',
  },
  {
    path: paths.profile,
    page: lazyPage(() => import('../pages/profile')),
    access: 'signed-in',
    section: 'Profile',
    nav: {
      sidebar: 'main',
      more: 0,
      label: 'Profile',
      description: 'your music profile',
      icon: CircleUserRound,
    },
  },
  {
    path: paths.notifications,
    page: lazyPage(() => import('../pages/notifications')),
    access: 'signed-in',
    section: 'Notifications',
    nav: { sidebar: 'footer', more: 4, label: 'Notifications', icon: Bell },
  },
  {
    path: paths.settings,
    page: lazyPage(() => import('../pages/settings')),
    access: 'signed-in',
    section: 'Settings',
    nav: { sidebar: 'footer', more: 6, label: 'Settings', icon: Settings },
  },
  {
    path: paths.rankings,
    page: lazyPage(() => import('../pages/rankings')),
    access: 'public',
    section: 'Rankings',
    nav: {
      sidebar: 'main',
      more: 5,
      label: 'Rankings',
      description: 'league tables by aspect',
      icon: Trophy,
    },
  },
  {
    path: paths.help,
    page: lazyPage(() => import('../pages/help')),
    access: 'signed-in',
    section: 'Help & Support',
    nav: { more: 7, label: 'Help & Support', icon: CircleHelp },
  },
  {
    path: paths.unsubscribe,
    page: lazyPage(() => import('../pages/unsubscribe')),
    access: 'public',
    section: 'Unsubscribe',
  },
  {
    path: paths.verifyEmail,
    page: lazyPage(() => import('../pages/verify-email')),
    access: 'public',
    section: 'Verify your e-mail',
  },
];
