import { AudioLines } from 'lucide-react';
import { cn } from '../lib/utils';

/** The Encore logo tile; decorative, so put the name in text next to it. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-lg bg-linear-to-br from-brand-from to-brand-to text-white shadow-sm',
        className,
      )}
    >
      <AudioLines className="size-[60%]" strokeWidth={2.5} />
    </span>
  );
}

/** Logo plus the "Encore" wordmark. */
export function Brand({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <BrandMark />
      <span className="text-lg font-bold tracking-tight">Encore</span>
    </span>
  );
}
