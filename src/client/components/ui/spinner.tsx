import { LoaderCircle } from 'lucide-react';
import { cn } from '#client/lib/utils';

/** A spinning indicator announced politely to screen readers as `label`. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center justify-center">
      <LoaderCircle
        aria-hidden="true"
        className={cn('size-6 animate-spin text-primary', className)}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The centred spinner shown while the signed-in state or a page chunk loads. */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-svh w-full items-center justify-center">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
