import type { LucideIcon } from 'lucide-react';
import { cn } from '#client/lib/utils';

/**
 * An icon centred on the accent colour, saying at a glance what a message, a fact or a list
 * is about. It is decoration: the words beside it say the same. `className` gives its size
 * and shape, `iconClassName` the icon's size.
 */
export function IconBadge({
  icon: Icon,
  className,
  iconClassName,
}: {
  icon: LucideIcon;
  className: string;
  iconClassName: string;
}) {
  return (
    <span
      className={cn('flex items-center justify-center bg-accent text-accent-foreground', className)}
    >
      <Icon className={iconClassName} aria-hidden="true" />
    </span>
  );
}
