import { Ticket } from 'lucide-react';
import type { ConcertListItem } from '#shared/schemas/concerts';
import { localTimeZone, onSaleText } from '#shared/show-time';
import { cn } from '#client/lib/utils';

/**
 * "On sale Fri, Dec 4 at 10:00 AM" while a show's tickets are not on sale yet (on the
 * venue's clock, its zone named to a viewer elsewhere); nothing once they are, or when the
 * sale's start is unknown. The card and the concert page both show it.
 */
export function OnSale({
  concert,
  className,
  now = new Date(),
}: {
  concert: Pick<ConcertListItem, 'onSaleAt' | 'timeZone'>;
  className?: string;
  /** The moment the line is for (tests); the sale has started at or after it. */
  now?: Date;
}) {
  const text = onSaleText(concert, now, localTimeZone());
  if (!text || !concert.onSaleAt) return null;
  return (
    <p className={cn('flex min-w-0 items-center gap-2 text-sm', className)}>
      <Ticket className="size-4 shrink-0" aria-hidden="true" />
      <time dateTime={concert.onSaleAt} className="min-w-0 break-words">
        {text}
      </time>
    </p>
  );
}
