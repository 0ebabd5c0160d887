import { SearchX, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils';
import { Button } from '../ui/button';
import { IconBadge } from './icon-badge';

/** A calm, centred message for a region with nothing to show yet. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className,
}: {
  icon: LucideIcon;
  title: string;
  description?: string;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border border-dashed px-6 py-16 text-center',
        className,
      )}
    >
      <IconBadge icon={Icon} className="size-12 rounded-full" iconClassName="size-6" />
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      {description && (
        <p className="mt-1 max-w-sm text-sm text-muted-foreground text-pretty">{description}</p>
      )}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

/** A search or a filter that matches nothing, with the button that clears it. */
export function NoMatches({
  title,
  description,
  clearLabel,
  onClear,
}: {
  title: string;
  description: string;
  /** "Clear Search". */
  clearLabel: string;
  onClear: () => void;
}) {
  return (
    <EmptyState
      icon={SearchX}
      title={title}
      description={description}
      action={
        <Button type="button" variant="outline" onClick={onClear}>
          {clearLabel}
        </Button>
      }
    />
  );
}
