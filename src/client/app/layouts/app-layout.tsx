import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '#shared/schemas/users';
import { Spinner } from '#client/components/ui/spinner';
import { useFocusOnNavigation } from '#client/hooks/use-focus-on-navigation';
import { SidebarInset, SidebarProvider } from '#client/components/ui/sidebar';
import { TooltipProvider } from '#client/components/ui/tooltip';
import { OnboardingGate } from '#client/features/account/components/onboarding-gate';
import { useUnreadCountOnEachPage } from '#client/features/notifications/api/get-unread-count';
import { AccountProvider } from '#client/features/account/hooks/account-context';
import {
  ReviewDialogProvider,
  useReviewDialog,
} from '#client/features/reviews/hooks/review-dialog';
import { useSavedThemeOnNewDevice } from '#client/features/settings/hooks/use-saved-theme';
import { ErrorBoundary } from '../error-boundary';
import { useKeptForOffline } from '../keep-for-offline';
import { useLiveUpdates } from '../live-updates';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { MobileTabBar } from './mobile-tab-bar';

const MAIN_CONTENT_ID = 'main-content';

/**
 * The signed-in frame: sidebar, top header, the page, and the phone tab bar. It stays mounted
 * while the user moves between signed-in pages; only the page inside swaps.
 */
export default function AppLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return (
    <AccountProvider user={user}>
      <ReviewDialogProvider userId={user.id}>
        <SignedInFrame user={user}>{children}</SignedInFrame>
        <OnboardingGate />
      </ReviewDialogProvider>
    </AccountProvider>
  );
}

function SignedInFrame({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [location] = useLocation();
  const { openReviewDialog } = useReviewDialog();
  useSavedThemeOnNewDevice();
  useKeptForOffline(user.id);
  useLiveUpdates(user.id);

  // A new page starts at its top, as it would with full page loads.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  useFocusOnNavigation(location, MAIN_CONTENT_ID);
  useUnreadCountOnEachPage(location);

  return (
    <SidebarProvider>
      <TooltipProvider>
        <a
          href={`#${MAIN_CONTENT_ID}`}
          className="sr-only z-50 rounded-md bg-background px-4 py-2 font-medium shadow focus-ring focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <AppSidebar user={user} />
        <SidebarInset>
          <AppHeader />
          <main
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-[calc(var(--tab-bar-clearance)+1rem)] outline-none sm:px-6 md:pb-10 lg:px-8"
          >
            <ErrorBoundary resetKey={location}>
              <Suspense
                fallback={
                  <div className="flex justify-center py-24">
                    <Spinner className="size-8" label="Loading page" />
                  </div>
                }
              >
                {children}
              </Suspense>
            </ErrorBoundary>
          </main>
        </SidebarInset>
        <MobileTabBar onCreateReview={() => openReviewDialog()} />
      </TooltipProvider>
    </SidebarProvider>
  );
}
