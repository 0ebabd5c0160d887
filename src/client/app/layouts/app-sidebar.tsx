import { LogOut } from 'lucide-react';
import { useId } from 'react';
import { Link, useLocation } from 'wouter';
import { displayName, handle, initials } from '#shared/user-display';
import type { CurrentUser } from '#shared/schemas/users';
import { BrandMark } from '#client/components/brand';
import { Avatar, AvatarFallback, AvatarImage } from '#client/components/ui/avatar';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarSeparator,
  useSidebar,
} from '#client/components/ui/sidebar';
import { isActivePath, paths } from '#client/config/paths';
import { useLogout } from '#client/features/auth/api/logout';
import { useNoticesWaiting } from '#client/features/notifications/api/get-unread-count';
import {
  mainNavItems,
  notificationsNavItem,
  settingsNavItem,
  noticesWaiting,
  type NavItem,
  type NoticesWaiting,
} from './navigation';

export function AppSidebar({ user }: { user: CurrentUser }) {
  const [location] = useLocation();
  const waiting = noticesWaiting(useNoticesWaiting());
  const signOut = useLogout();
  // The button looks the same while signing out; a second press starts nothing.
  const startSignOut = () => {
    if (signOut.isIdle || signOut.isError) signOut.mutate();
  };

  return (
    <Sidebar collapsible="icon">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip="Encore">
              <Link href={paths.discover} aria-label="Encore home">
                <BrandMark />
                <span className="text-lg font-bold tracking-tight">Encore</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>

      <SidebarContent>
        <nav aria-label="Main navigation" className="flex flex-col gap-2">
          <SidebarGroup>
            <SidebarGroupLabel>Explore</SidebarGroupLabel>
            <SidebarGroupContent>
              <SidebarMenu>
                {mainNavItems.map((item) => (
                  <SidebarNavLink
                    key={item.href}
                    item={item}
                    isActive={isActivePath(location, item.href)}
                  />
                ))}
              </SidebarMenu>
            </SidebarGroupContent>
          </SidebarGroup>

          <SidebarGroup>
            <SidebarGroupLabel>Account</SidebarGroupLabel>
            <SidebarGroupContent>
              <SidebarMenu>
                <SidebarNavLink
                  item={notificationsNavItem}
                  isActive={isActivePath(location, notificationsNavItem.href)}
                  waiting={waiting}
                />
                <SidebarNavLink
                  item={settingsNavItem}
                  isActive={isActivePath(location, settingsNavItem.href)}
                />
              </SidebarMenu>
            </SidebarGroupContent>
          </SidebarGroup>
        </nav>
      </SidebarContent>

      <SidebarSeparator />
      <SidebarFooter>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarUserLink user={user} isActive={isActivePath(location, paths.profile)} />
          </SidebarMenuItem>
          <SidebarMenuItem>
            <SidebarMenuButton tooltip="Sign Out" onClick={startSignOut}>
              <LogOut aria-hidden="true" />
              <span>Sign Out</span>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
    </Sidebar>
  );
}

/** Closes the phone sheet after a pick, so the chosen page is what the user sees. */
function useCloseMobileSidebar() {
  const { isMobile, setOpenMobile } = useSidebar();
  return () => {
    if (isMobile) setOpenMobile(false);
  };
}

function SidebarNavLink({
  item,
  isActive,
  waiting,
}: {
  item: NavItem;
  isActive: boolean;
  /** What waits behind the entry, counted in its badge. */
  waiting?: NoticesWaiting;
}) {
  const descriptionId = useId();
  const closeMobileSidebar = useCloseMobileSidebar();
  const Icon = item.icon;
  const badgeCount = waiting?.total ?? 0;
  const unreadText = waiting?.text;
  const hasDescription = Boolean(item.description ?? unreadText);

  return (
    <SidebarMenuItem>
      <SidebarMenuButton
        asChild
        isActive={isActive}
        tooltip={unreadText ? `${item.label} (${unreadText})` : item.label}
        size={item.description ? 'tall' : 'default'}
      >
        <Link
          href={item.href}
          aria-current={isActive ? 'page' : undefined}
          aria-describedby={hasDescription ? descriptionId : undefined}
          onClick={closeMobileSidebar}
        >
          <span className="relative flex shrink-0">
            <Icon className="size-4" aria-hidden="true" />
            {badgeCount > 0 && (
              <span
                aria-hidden="true"
                className="absolute -top-1 -right-1 hidden size-2 rounded-full bg-sidebar-primary ring-2 ring-sidebar group-data-[collapsible=icon]:block"
              />
            )}
          </span>
          <span className="flex min-w-0 flex-col">
            <span className="truncate">{item.label}</span>
            {item.description && (
              <span
                aria-hidden="true"
                className="truncate text-xs font-normal text-sidebar-foreground/65 group-data-[collapsible=icon]:hidden"
              >
                {item.description}
              </span>
            )}
          </span>
          {hasDescription && (
            <span id={descriptionId} hidden>
              {[item.description, unreadText].filter(Boolean).join(', ')}
            </span>
          )}
        </Link>
      </SidebarMenuButton>
      {badgeCount > 0 && <SidebarMenuBadge aria-hidden="true">{badgeCount}</SidebarMenuBadge>}
    </SidebarMenuItem>
  );
}

function SidebarUserLink({ user, isActive }: { user: CurrentUser; isActive: boolean }) {
  const closeMobileSidebar = useCloseMobileSidebar();
  const name = displayName(user);
  const userHandle = handle(user);

  return (
    <SidebarMenuButton size="lg" asChild tooltip={name} isActive={isActive}>
      <Link
        href={paths.profile}
        onClick={closeMobileSidebar}
        aria-label={`${name}, ${userHandle}, open your profile`}
      >
        <Avatar className="size-8 rounded-lg">
          {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
          <AvatarFallback className="rounded-lg">{initials(user)}</AvatarFallback>
        </Avatar>
        <span className="grid min-w-0 flex-1 text-left leading-tight">
          <span className="truncate font-medium">{name}</span>
          <span className="truncate text-xs text-sidebar-foreground/65">{userHandle}</span>
        </span>
      </Link>
    </SidebarMenuButton>
  );
}
