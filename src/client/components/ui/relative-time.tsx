import type { ReactElement, ReactNode } from 'react';
import { useNow } from '#client/hooks/use-now';
import { formatExactTime, formatRelativeTime, isRecent } from '#client/lib/format';
import { cn } from '#client/lib/utils';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip';

/**
 * Shows the exact date and time of `timestamp` in a tooltip while `children` (one element
 * that takes a ref) is hovered or focused. It brings its own provider, so a time shows
 * the same wherever a list is rendered.
 */
export function ExactTimeTooltip({
  timestamp,
  children,
}: {
  timestamp: string;
  children: ReactElement;
}) {
  const exact = formatExactTime(timestamp);
  if (!exact) return children;
  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>{children}</TooltipTrigger>
        <TooltipContent>{exact}</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}

/**
 * When something happened, as lists show it: "just now", "2 min ago", "3 h ago", then its
 * date, kept fresh as the minutes pass. The exact date and time show on hover and, while
 * the text is relative, on keyboard focus too. Inside a link or a button, where it cannot
 * take focus of its own, `inControl` leaves the tooltip to an `ExactTimeTooltip` around
 * that control.
 */
export function RelativeTime({
  timestamp,
  fallback = null,
  inControl = false,
  className,
}: {
  timestamp: string;
  /** Shown instead when `timestamp` is not one. */
  fallback?: ReactNode;
  inControl?: boolean;
  className?: string;
}) {
  const now = useNow();
  const text = formatRelativeTime(timestamp, now);
  if (!text) return fallback;
  if (inControl) {
    return (
      <time dateTime={timestamp} className={className}>
        {text}
      </time>
    );
  }
  return (
    <ExactTimeTooltip timestamp={timestamp}>
      <time
        dateTime={timestamp}
        // Only a relative time hides its date, so only then is it worth a stop of its own.
        tabIndex={isRecent(timestamp, now) ? 0 : undefined}
        className={cn('rounded-sm focus-ring', className)}
      >
        {text}
      </time>
    </ExactTimeTooltip>
  );
}
