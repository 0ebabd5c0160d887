import { Play } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ReviewMedia } from '#shared/schemas/media';
import { isPending, MediaPlaceholder } from './media-placeholder';

const MediaLightbox = lazy(() =>
  import('./media-lightbox').then((module) => ({ default: module.MediaLightbox })),
);

/**
 * A row of thumbnails; each opens the lightbox at itself. Videos show their first frame.
 * One the server is still processing (or could not) is a tile saying so, with nothing to
 * open yet.
 */
export function ReviewMediaStrip({ media, author }: { media: ReviewMedia[]; author: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (media.length === 0) return null;
  return (
    <>
      <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Photos and videos">
        {media.map((item, index) => {
          const position = `${index + 1} of ${media.length}`;
          if (isPending(item)) {
            return (
              <li key={item.url} className="shrink-0">
                <MediaPlaceholder
                  item={item}
                  label={`${item.kind === 'video' ? 'Video' : 'Photo'} ${position}`}
                  className="size-20 overflow-hidden rounded-md border sm:size-24"
                />
              </li>
            );
          }
          const label = `${item.kind === 'video' ? 'Play video' : 'Open photo'} ${position}${item.altText ? `: ${item.altText}` : ''}`;
          return (
            <li key={item.url} className="shrink-0">
              <button
                type="button"
                aria-label={label}
                onClick={() => setOpen(index)}
                className="relative block size-20 scroll-my-3 overflow-hidden rounded-md border bg-muted focus-ring sm:size-24"
              >
                {item.kind === 'video' ? (
                  <>
                    <video
                      src={`${item.url}#t=0.1`}
                      preload="metadata"
                      muted
                      playsInline
                      aria-hidden="true"
                      tabIndex={-1}
                      className="size-full object-cover"
                    />
                    <Play
                      aria-hidden="true"
                      className="absolute inset-0 m-auto size-7 fill-white text-white drop-shadow"
                    />
                  </>
                ) : (
                  <img
                    src={item.thumbnailUrl}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="size-full object-cover"
                  />
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <MediaLightbox
            media={media}
            index={open}
            onIndexChange={setOpen}
            onClose={() => setOpen(null)}
            title={`Photos and videos by ${author}`}
          />
        </Suspense>
      )}
    </>
  );
}
