import { Music } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/utils';

/**
 * A concert poster in a box of fixed proportions (set by `className`), loaded lazily. With no
 * image, or one that fails to load, a quiet gradient with a note takes its place.
 */
export function ConcertImage({
  src,
  className,
  eager = false,
}: {
  src: string | null | undefined;
  className?: string;
  eager?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : null;
  return (
    <div className={cn('relative overflow-hidden bg-muted', className)}>
      {usable ? (
        <img
          src={usable}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailedSrc(usable)}
          className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover/card:scale-[1.03]"
        />
      ) : (
        <div
          data-slot="image-placeholder"
          className="absolute inset-0 flex items-center justify-center bg-linear-to-br from-brand-from/25 to-brand-to/25"
        >
          <Music className="size-10 text-primary/60" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
