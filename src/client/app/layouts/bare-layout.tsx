import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PublicHeaderRow } from '#client/components/layout/public-header';
import { Button } from '#client/components/ui/button';
import { paths } from '#client/config/paths';

/** The frame of the signed-out pages (landing, sign-in): no sidebar, just the page. */
export function BareLayout({ children }: { children: ReactNode }) {
  return <div className="flex min-h-svh flex-col bg-background">{children}</div>;
}

/**
 * The header of a public page read signed out: home, and a way to sign in that comes back
 * to `signInHref`'s page.
 */
export function PublicHeader({ signInHref = paths.auth }: { signInHref?: string }) {
  return (
    <PublicHeaderRow className="border-b">
      <Button asChild size="sm">
        <Link href={signInHref}>Sign in</Link>
      </Button>
    </PublicHeaderRow>
  );
}
