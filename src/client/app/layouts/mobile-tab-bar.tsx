import { Plus } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { isActivePath, paths } from '../../config/paths';
import { cn } from '../../lib/utils';
import { mobileTabsLeft, mobileTabsRight, type NavItem } from './navigation';

/**
 * Phone-only bottom navigation (hidden from 768 px up). The centre button writes a review:
 * it runs `onCreateReview` when a page supplies one, otherwise it opens My Reviews.
 */
export function MobileTabBar({ onCreateReview }: { onCreateReview?: () => void }) {
  const [location, navigate] = useLocation();

  return (
    <nav
      aria-label="Mobile navigation"
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-background/90 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-background/75 md:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-md grid-cols-5 items-center">
        {mobileTabsLeft.map((item) => (
          <TabLink key={item.href} item={item} isActive={isActivePath(location, item.href)} />
        ))}
        <li className="flex justify-center">
          <button
            type="button"
            aria-label="Write a review"
            onClick={() => (onCreateReview ? onCreateReview() : navigate(paths.reviews))}
            className="-mt-6 flex size-14 items-center justify-center rounded-full bg-linear-to-br from-brand-from to-brand-to text-white shadow-lg ring-4 ring-background transition-transform outline-none hover:scale-105 focus-visible:ring-ring active:scale-95"
          >
            <Plus className="size-6" strokeWidth={2.5} aria-hidden="true" />
          </button>
        </li>
        {mobileTabsRight.map((item) => (
          <TabLink key={item.href} item={item} isActive={isActivePath(location, item.href)} />
        ))}
      </ul>
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
        className={cn(
          'flex min-w-16 flex-col items-center gap-1 rounded-md px-1 py-1.5 text-[11px] font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
          isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
        )}
      >
        <Icon className="size-5" strokeWidth={isActive ? 2.5 : 2} aria-hidden="true" />
        <span>{item.label}</span>
      </Link>
    </li>
  );
}
