import { ImageOff, LoaderCircle } from 'lucide-react';
import type { ReviewMedia } from '#shared/schemas/media';
import { cn } from '#client/lib/utils';

/** Whether a review's photo or video has nothing to show yet, or never will. */
export const isPending = (item: Pick<ReviewMedia, 'processing' | 'failed'>) =>
  item.processing || item.failed;

export const failedText = (item: Pick<ReviewMedia, 'kind'>) =>
  `This ${item.kind === 'video' ? 'video' : 'photo'} could not be processed`;

/**
 * What stands in for a photo or video the server is still processing (a spinner and
 * "Processing…", busy) or could not process (why). `label` names it for screen readers,
 * e.g. "Photo 2 of 3"; `compact` keeps only the icon for the smallest tiles.
 */
export function MediaPlaceholder({
  item,
  label,
  compact = false,
  className,
}: {
  item: Pick<ReviewMedia, 'kind' | 'processing' | 'failed'>;
  label: string;
  compact?: boolean;
  className?: string;
}) {
  const text = item.failed ? failedText(item) : 'Processing…';
  const Icon = item.failed ? ImageOff : LoaderCircle;
  return (
    <div
      role="img"
      aria-label={`${label}: ${item.failed ? failedText(item).toLowerCase() : 'processing…'}`}
      aria-busy={item.processing && !item.failed ? true : undefined}
      className={cn(
        'flex flex-col items-center justify-center gap-1 bg-muted p-1 text-center text-muted-foreground',
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('size-5 shrink-0', !item.failed && 'animate-spin motion-reduce:animate-none')}
      />
      {!compact && (
        <span aria-hidden="true" className="text-[11px] leading-tight">
          {text}
        </span>
      )}
    </div>
  );
}
