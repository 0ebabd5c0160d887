/** The navigation, read from the route table (app/routes.ts). */
import type { LucideIcon } from 'lucide-react';
import type { UnreadCount } from '#shared/schemas/notifications';
import { routes, type AppRoute } from '../routes';

export interface NavItem {
  href: string;
  label: string;
  description?: string;
  icon: LucideIcon;
}

const navItem = ({ path, nav }: AppRoute): NavItem => ({
  href: path,
  label: nav!.label,
  description: nav!.description,
  icon: nav!.icon,
});

const inNav = (where: (nav: NonNullable<AppRoute['nav']>) => boolean) =>
  routes.filter((route) => route.nav && where(route.nav));

/** docs/product.md §2 "Sidebar": labels and descriptions are quoted verbatim. */
export const mainNavItems: readonly NavItem[] = inNav((nav) => nav.sidebar === 'main').map(navItem);

/** The sidebar's footer entries: Notifications, then Settings. */
export const [notificationsNavItem, settingsNavItem] = inNav((nav) => nav.sidebar === 'footer').map(
  navItem,
) as [NavItem, NavItem];

const mobileTab = (route: AppRoute): NavItem => ({
  href: route.path,
  label: route.nav!.label,
  icon: route.nav!.icon,
});

/**
 * docs/product.md §2 "Mobile bottom tab bar": two tabs either side of the write-a-review button.
 */
export const mobileTabsLeft: readonly NavItem[] = inNav((nav) => nav.mobileTab === 'left').map(
  mobileTab,
);
export const mobileTabsRight: readonly NavItem[] = inNav((nav) => nav.mobileTab === 'right').map(
  mobileTab,
);

/**
 * docs/product.md §2 "More": the phone's sheet of every signed-in page the tabs leave out,
 * in the order their routes give.
 */
export const moreNavItems: readonly NavItem[] = inNav((nav) => nav.more !== undefined)
  .sort((a, b) => a.nav!.more! - b.nav!.more!)
  .map(mobileTab);

/** What waits behind Notifications: the badge's number, and the words for it (none at 0). */
export interface NoticesWaiting {
  total: number;
  text: string | undefined;
}

/**
 * Unread notices and follow requests to answer, counted together in the badge and said
 * apart: "3 unread", "1 follow request", "3 unread, 2 follow requests".
 */
export function noticesWaiting({ count, followRequests }: UnreadCount): NoticesWaiting {
  const parts = [
    count > 0 ? `${count} unread` : undefined,
    followRequests > 0
      ? `${followRequests} follow ${followRequests === 1 ? 'request' : 'requests'}`
      : undefined,
  ].filter(Boolean);
  return { total: count + followRequests, text: parts.length > 0 ? parts.join(', ') : undefined };
}

/** The first segment of each route with a section: "/users/:username" → "/users". */
const sectionTitles = routes
  .filter((route) => route.section)
  .map((route) => [`/${route.path.split('/')[1]}`, route.section!] as const);

/** The section name the header shows for a path, or undefined outside the known sections. */
export function sectionTitle(location: string): string | undefined {
  return sectionTitles.find(
    ([prefix]) => location === prefix || location.startsWith(`${prefix}/`),
  )?.[1];
}
