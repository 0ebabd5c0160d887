import { Link } from 'wouter';
import { cn } from '#client/lib/utils';

/**
 * The artist's or the venue's name, linked to its page once the concert is ours (a provider's
 * has none yet). A quiet underline says it is a link without shouting over the hero's poster.
 */
export function NameLink({
  name,
  href,
  className,
}: {
  name: string;
  href: string | null | undefined;
  className?: string;
}) {
  if (!href) return name;
  return (
    <Link
      href={href}
      className={cn(
        'focus-ring rounded-sm underline decoration-current/40 underline-offset-4 hover:decoration-current',
        className,
      )}
    >
      {name}
    </Link>
  );
}
