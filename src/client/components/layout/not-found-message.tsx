import { Compass, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { cn } from '#client/lib/utils';
import { Button } from '../ui/button';
import { IconBadge } from './icon-badge';

/** The "404 Page Not Found" block, with a way back to `homeHref`. */
export function NotFoundMessage({ homeHref, homeLabel }: { homeHref: string; homeLabel: string }) {
  useDocumentTitle('Page Not Found');
  return (
    <MissingPageMessage
      icon={Compass}
      title="404 Page Not Found"
      titleClassName="text-3xl"
      description="This page doesn't exist or has moved. Let's get you back to the music."
      linkHref={homeHref}
      linkLabel={homeLabel}
    />
  );
}

/** A page whose subject is not there: its h1, why, and the one link that leads on. */
export function MissingPageMessage({
  icon: Icon,
  title,
  titleClassName,
  description,
  linkHref,
  linkLabel,
}: {
  icon: LucideIcon;
  title: string;
  /** The heading's size. */
  titleClassName: string;
  description: string;
  linkHref: string;
  linkLabel: string;
}) {
  return (
    <div className="flex flex-col items-center justify-center px-6 py-20 text-center">
      <IconBadge icon={Icon} className="size-14 rounded-full" iconClassName="size-7" />
      <h1 className={cn('mt-6 font-bold tracking-tight', titleClassName)}>{title}</h1>
      <p className="mt-2 max-w-md text-muted-foreground text-pretty">{description}</p>
      <Button asChild className="mt-8">
        <Link href={linkHref}>{linkLabel}</Link>
      </Button>
    </div>
  );
}
