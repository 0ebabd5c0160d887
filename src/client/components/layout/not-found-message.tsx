import { Compass } from 'lucide-react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Button } from '../ui/button';

/** The "404 Page Not Found" block, with a way back to `homeHref`. */
export function NotFoundMessage({ homeHref, homeLabel }: { homeHref: string; homeLabel: string }) {
  useDocumentTitle('Page Not Found');
  return (
    <div className="flex flex-col items-center justify-center px-6 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="mt-2 max-w-md text-muted-foreground text-pretty">
        This page doesn&apos;t exist or has moved. Let&apos;s get you back to the music.
      </p>
      <Button asChild className="mt-8">
        <Link href={homeHref}>{homeLabel}</Link>
      </Button>
    </div>
  );
}
