import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconBadge } from '#client/components/layout/icon-badge';

/** One fact of a concert or a venue in a <dl>: its icon and name above what it is. */
export function IconDetail({
  icon: Icon,
  term,
  children,
}: {
  icon: LucideIcon;
  term: string;
  children: ReactNode;
}) {
  // A <dl> may hold only dt/dd pairs, each pair at most in one <div>: the icon sits in the
  // term, placed beside the pair.
  return (
    <div className="relative min-h-8 min-w-0 pl-11">
      <dt className="text-xs text-muted-foreground">
        <IconBadge
          icon={Icon}
          className="absolute top-0 left-0 size-8 rounded-md"
          iconClassName="size-4"
        />
        {term}
      </dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}
