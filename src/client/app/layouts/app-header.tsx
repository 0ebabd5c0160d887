import { Search } from 'lucide-react';
import { useId } from 'react';
import { Link, useLocation } from 'wouter';
import { Brand } from '#client/components/brand';
import { useTheme } from '#client/components/theme/theme-provider';
import { ThemeToggle } from '#client/components/theme/theme-toggle';
import { Button } from '#client/components/ui/button';
import { Separator } from '#client/components/ui/separator';
import { SidebarTrigger } from '#client/components/ui/sidebar';
import { isActivePath, paths } from '#client/config/paths';
import { useNoticesWaiting } from '#client/features/notifications/api/get-unread-count';
import { SEARCH_LABEL, SearchBox } from '#client/features/search/components/search-box';
import { useUpdateSettings } from '#client/features/settings/api/update-settings';
import { cn } from '#client/lib/utils';
import { noticesWaiting, notificationsNavItem, sectionTitle } from './navigation';

/**
 * The bar above every signed-in page: sidebar toggle, where you are, the search (a link to
 * the search page on phones), and the theme switch,
 * whose choice is saved with the account as Settings' Dark mode is (and undone if refused).
 * On phones, where the sidebar is folded away, it also carries Notifications and its count.
 * Each control is 44 px each way, a finger's reach.
 */
export function AppHeader() {
  const [location] = useLocation();
  const section = sectionTitle(location);
  const { setTheme } = useTheme();
  const saveSettings = useUpdateSettings();

  return (
    <header className="sticky top-0 z-20 flex h-(--header-height) shrink-0 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 md:px-4">
      <SidebarTrigger className="size-11" />
      <Separator orientation="vertical" className="mx-1 h-5! max-md:hidden" />
      {/* Below 360 px the wordmark gives its room to the search button. */}
      <Brand className="md:hidden [&>span:last-child]:text-base max-[359px]:[&>span:last-child]:sr-only" />
      {section && (
        <p className="truncate text-sm font-medium text-muted-foreground max-md:hidden">
          {section}
        </p>
      )}
      <div className="ml-auto flex items-center gap-1">
        <SearchBox className="w-72 max-md:hidden lg:w-96" />
        <Button asChild variant="ghost" size="icon" className="size-11 md:hidden">
          <Link href={paths.search} aria-label={SEARCH_LABEL}>
            <Search aria-hidden="true" />
          </Link>
        </Button>
        <NotificationsLink isActive={isActivePath(location, notificationsNavItem.href)} />
        <ThemeToggle
          className="size-11"
          onToggle={(theme, shownBefore) =>
            saveSettings.mutate({ theme }, { onError: () => setTheme(shownBefore) })
          }
        />
      </div>
    </header>
  );
}

/** The phone's way to Notifications: a bell with the sidebar's unread count. */
function NotificationsLink({ isActive }: { isActive: boolean }) {
  const descriptionId = useId();
  const { total: count, text: unread } = noticesWaiting(useNoticesWaiting());
  const Icon = notificationsNavItem.icon;

  return (
    <Button
      asChild
      variant="ghost"
      size="icon"
      className={cn('relative size-11 md:hidden', isActive && 'text-primary')}
    >
      <Link
        href={notificationsNavItem.href}
        aria-current={isActive ? 'page' : undefined}
        aria-describedby={unread ? descriptionId : undefined}
      >
        <Icon aria-hidden="true" />
        <span className="sr-only">{notificationsNavItem.label}</span>
        {unread && (
          <>
            <span
              aria-hidden="true"
              data-slot="unread-count"
              className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-semibold text-primary-foreground tabular-nums"
            >
              {count}
            </span>
            <span id={descriptionId} hidden>
              {unread}
            </span>
          </>
        )}
      </Link>
    </Button>
  );
}
