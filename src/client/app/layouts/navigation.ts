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
import { paths } from '../../config/paths';

export interface NavItem {
  href: string;
  label: string;
  description?: string;
  icon: LucideIcon;
}

/** Spec §2 "Sidebar": labels and descriptions are quoted verbatim. */
export const mainNavItems: readonly NavItem[] = [
  { href: paths.discover, label: 'Discover', description: 'find concerts near you', icon: Compass },
  {
    href: paths.timeline,
    label: 'Timeline',
    description: 'social feed and trending',
    icon: Newspaper,
  },
  { href: paths.wishlist, label: 'Wishlist', description: 'saved concerts', icon: Heart },
  {
    href: paths.profile,
    label: 'Profile',
    description: 'your music profile',
    icon: CircleUserRound,
  },
];

export const notificationsNavItem: NavItem = {
  href: paths.notifications,
  label: 'Notifications',
  icon: Bell,
};

export const settingsNavItem: NavItem = { href: paths.settings, label: 'Settings', icon: Settings };

/** Spec §2 "Mobile bottom tab bar": two tabs either side of the write-a-review button. */
export const mobileTabsLeft: readonly NavItem[] = [
  { href: paths.timeline, label: 'Timeline', icon: Newspaper },
  { href: paths.searchUsers, label: 'Find Friends', icon: UserSearch },
];

export const mobileTabsRight: readonly NavItem[] = [
  { href: paths.discover, label: 'Discover', icon: Compass },
  { href: paths.profile, label: 'Profile', icon: CircleUserRound },
];

const sectionTitles: ReadonlyArray<readonly [prefix: string, title: string]> = [
  ['/discover', 'Discover'],
  ['/concerts', 'Concert'],
  ['/timeline', 'Timeline'],
  ['/search-users', 'Find Friends'],
  ['/reviews', 'My Reviews'],
  ['/wishlist', 'Wishlist'],
  ['/users', 'Profile'],
  ['/profile', 'Profile'],
  ['/notifications', 'Notifications'],
  ['/settings', 'Settings'],
];

/** The section name the header shows for a path, or undefined outside the known sections. */
export function sectionTitle(location: string): string | undefined {
  return sectionTitles.find(
    ([prefix]) => location === prefix || location.startsWith(`${prefix}/`),
  )?.[1];
}
