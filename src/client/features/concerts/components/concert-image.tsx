import { Music } from 'lucide-react';
import { useState } from 'react';
import { cn } from '#client/lib/utils';

/**
 * A concert poster in a box of fixed proportions (set by `className`), loaded lazily unless it
 * is the `priority` one, the first a list shows and likely the largest paint: that one is
 * fetched at once and ahead of other images. `sizes` is the width it is shown at. With no
 * image, or one that fails to load, a quiet gradient with a note takes its place.
 */
export function ConcertImage({
  src,
  className,
  sizes,
  priority = false,
}: {
  src: string | null | undefined;
  className?: string;
  sizes?: string;
  priority?: boolean;
}) {
  const poster = useLoadablePoster(src);
  return (
    <div className={cn('relative overflow-hidden bg-muted', className)}>
      {poster.src ? (
        <img
          src={poster.src}
          alt=""
          sizes={sizes}
          {...posterLoading(priority)}
          onError={poster.onError}
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

/** How a poster loads: the `priority` one eagerly and first, every other one when near view. */
export function posterLoading(priority: boolean) {
  return priority
    ? ({ loading: 'eager', fetchPriority: 'high' } as const)
    : ({ loading: 'lazy', decoding: 'async' } as const);
}

/**
 * The poster to show: `src` until it fails to load, then none, so the caller shows what stands
 * in for it; a different `src` is tried afresh.
 */
export function useLoadablePoster(src: string | null | undefined) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : null;
  return { src: usable, onError: () => setFailedSrc(usable) };
}
