import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Brand } from '../../components/brand';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';

/** The frame of the signed-out pages (landing, sign-in): no sidebar, just the page. */
export function BareLayout({ children }: { children: ReactNode }) {
  return <div className="flex min-h-svh flex-col bg-background">{children}</div>;
}

/** The header of a public page read signed out: home, and a way to sign in. */
export function PublicHeader() {
  return (
    <header className="border-b">
      <nav
        aria-label="Main navigation"
        className="mx-auto flex h-(--header-height) max-w-6xl items-center gap-2 px-4 sm:px-6 lg:px-8"
      >
        <Link
          href={paths.landing}
          className="focus-ring mr-auto rounded-md"
          aria-label="Encore home"
        >
          <Brand />
        </Link>
        <Button asChild size="sm">
          <Link href={paths.auth}>Sign in</Link>
        </Button>
      </nav>
    </header>
  );
}
