import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '#client/config/paths';
import { cn } from '#client/lib/utils';
import { Brand } from '../brand';

/**
 * The header of the pages read signed out: the brand, linking home, and after it what the page
 * offers (a way to sign in, at least), in one row of the header's height.
 */
export function PublicHeaderRow({
  className,
  brandClassName,
  children,
}: {
  /** The header's own look: a border, or staying at the top. */
  className: string;
  brandClassName?: string;
  children: ReactNode;
}) {
  return (
    <header className={className}>
      <nav
        aria-label="Main navigation"
        className="mx-auto flex h-(--header-height) max-w-6xl items-center gap-2 px-4 sm:px-6 lg:px-8"
      >
        <Link
          href={paths.landing}
          className={cn('focus-ring mr-auto rounded-md', brandClassName)}
          aria-label="Encore home"
        >
          <Brand />
        </Link>
        {children}
      </nav>
    </header>
  );
}
