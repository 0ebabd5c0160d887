import { Ellipsis, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { isActivePath, paths } from '#client/config/paths';
import { cn } from '#client/lib/utils';
import { isInMoreSheet, MoreSheet } from './more-sheet';
import { mobileTabsLeft, mobileTabsRight, type NavItem } from './navigation';

/** Each tab: at least 44 px each way, its label on one line (320 px fits five). */
const tabClass =
  'flex min-h-11 min-w-14 flex-col items-center justify-center gap-1 rounded-md px-1 py-1.5 text-[11px] font-medium whitespace-nowrap transition-colors focus-ring';
const tabColour = (isActive: boolean) =>
  isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground';

/**
 * Phone-only bottom navigation (hidden from 768 px up). The centre button writes a review:
 * it runs `onCreateReview` when a page supplies one, otherwise it opens My Reviews. "More"
 * opens the sheet of every other signed-in page.
 * Its background is solid so the labels keep their contrast over whatever scrolls beneath,
 * and its sizes are the CSS variables the page's scroll padding keeps focus clear of.
 */
export function MobileTabBar({ onCreateReview }: { onCreateReview?: () => void }) {
  const [location, navigate] = useLocation();
  const [moreOpen, setMoreOpen] = useState(false);
  const moreIsActive = isInMoreSheet(location);

  return (
    <nav
      aria-label="Mobile navigation"
      data-mobile-tab-bar=""
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-background pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="mx-auto grid h-(--tab-bar-height) max-w-md grid-cols-5 items-center">
        {mobileTabsLeft.map((item) => (
          <TabLink key={item.href} item={item} isActive={isActivePath(location, item.href)} />
        ))}
        <li className="relative self-stretch">
          <button
            type="button"
            aria-label="Write a review"
            onClick={() => (onCreateReview ? onCreateReview() : navigate(paths.reviews))}
            className="absolute -top-(--tab-bar-rise) left-1/2 flex size-(--tab-bar-button-size) -translate-x-1/2 items-center justify-center rounded-full bg-linear-to-br from-brand-from to-brand-to text-white shadow-lg ring-(length:--tab-bar-button-ring) ring-background transition-transform focus-ring hover:scale-105 active:scale-95"
          >
            <Plus className="size-6" strokeWidth={2.5} aria-hidden="true" />
          </button>
        </li>
        {mobileTabsRight.map((item) => (
          <TabLink key={item.href} item={item} isActive={isActivePath(location, item.href)} />
        ))}
        <li className="flex justify-center">
          <button
            type="button"
            aria-haspopup="dialog"
            aria-expanded={moreOpen}
            onClick={() => setMoreOpen(true)}
            className={cn(tabClass, tabColour(moreIsActive))}
          >
            <Ellipsis className="size-5" strokeWidth={moreIsActive ? 2.5 : 2} aria-hidden="true" />
            <span>More</span>
          </button>
        </li>
      </ul>
      <MoreSheet open={moreOpen} onOpenChange={setMoreOpen} />
    </nav>
  );
}

function TabLink({ item, isActive }: { item: NavItem; isActive: boolean }) {
  const Icon = item.icon;
  return (
    <li className="flex justify-center">
      <Link
        href={item.href}
        aria-current={isActive ? 'page' : undefined}
        className={cn(tabClass, tabColour(isActive))}
      >
        <Icon className="size-5" strokeWidth={isActive ? 2.5 : 2} aria-hidden="true" />
        <span>{item.label}</span>
      </Link>
    </li>
  );
}
