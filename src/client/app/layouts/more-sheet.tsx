import { Link, useLocation } from 'wouter';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '#client/components/ui/sheet';
import { isActivePath, paths } from '#client/config/paths';
import { useAccount } from '#client/features/account/hooks/account-context';
import { useNoticesWaiting } from '#client/features/notifications/api/get-unread-count';
import { useDrafts } from '#client/features/reviews/lib/drafts';
import { cn } from '#client/lib/utils';
import { moreNavItems, noticesWaiting, type NavItem } from './navigation';

/**
 * The tab bar's "More" (docs/product.md §2): a sheet from the bottom with every signed-in page
 * the other tabs leave out, each with what waits there (unread notices, drafts).
 */
export function MoreSheet({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [location] = useLocation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="bottom"
        className="max-h-[85dvh] gap-0 overflow-y-auto rounded-t-xl pb-[env(safe-area-inset-bottom)] md:hidden"
      >
        <div className="px-4 pt-4 pb-2">
          <SheetTitle>More</SheetTitle>
          <SheetDescription className="sr-only">
            The rest of Encore: your saved concerts, reviews, notifications and settings.
          </SheetDescription>
        </div>
        <nav aria-label="More">
          <ul className="flex flex-col px-2 pb-3">
            {moreNavItems.map((item) => (
              <MoreLink
                key={item.href}
                item={item}
                isActive={isActivePath(location, item.href)}
                onFollow={() => onOpenChange(false)}
              />
            ))}
          </ul>
        </nav>
      </SheetContent>
    </Sheet>
  );
}

/** Whether the page open is one of the sheet's, so the "More" tab shows where one is. */
export function isInMoreSheet(location: string): boolean {
  return moreNavItems.some((item) => isActivePath(location, item.href));
}

function MoreLink({
  item,
  isActive,
  onFollow,
}: {
  item: NavItem;
  isActive: boolean;
  onFollow: () => void;
}) {
  const Icon = item.icon;
  const waiting = useWaiting(item.href);
  return (
    <li>
      <Link
        href={item.href}
        onClick={onFollow}
        aria-current={isActive ? 'page' : undefined}
        className={cn(
          'flex min-h-12 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors focus-ring hover:bg-accent',
          isActive && 'text-primary',
        )}
      >
        <Icon className="size-5 shrink-0" aria-hidden="true" />
        <span>{item.label}</span>
        {waiting && (
          <span className="ml-auto rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground tabular-nums">
            {waiting}
          </span>
        )}
      </Link>
    </li>
  );
}

/** What waits behind an entry, said beside it: unread notices and follow requests, drafts. */
function useWaiting(href: string): string | undefined {
  const { user } = useAccount();
  const notices = noticesWaiting(useNoticesWaiting());
  const drafts = useDrafts(user.id).length;
  if (href === paths.notifications) return notices.text;
  if (href === paths.reviews && drafts > 0) return `${drafts} ${drafts === 1 ? 'draft' : 'drafts'}`;
  return undefined;
}
