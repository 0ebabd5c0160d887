import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { ReviewMedia } from '#shared/schemas/media';
import { Button } from '#client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog';
import { isPending, MediaPlaceholder } from './media-placeholder';

/** How far a finger must travel sideways to move to the next photo. */
const SWIPE_PX = 50;

/**
 * A review's photos and videos one at a time, large: the arrow keys and the buttons move
 * between them, a swipe does on touch screens, Escape closes. Alt text is the image's
 * text alternative and its caption. One still being processed shows as such.
 */
export function MediaLightbox({
  media,
  index,
  onIndexChange,
  onClose,
  title,
}: {
  media: readonly ReviewMedia[];
  /** The open item; null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  title: string;
}) {
  const swipeStart = useRef<number | null>(null);
  const open = index !== null && media[index] !== undefined;
  const item = open ? media[index] : undefined;
  const count = media.length;
  const move = (step: number) => {
    if (index === null || count < 2) return;
    onIndexChange((index + step + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const travelled = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(travelled) >= SWIPE_PX) move(travelled < 0 ? 1 : -1);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        className="max-w-[calc(100%-1rem)] gap-3 bg-background/95 p-3 sm:max-w-4xl sm:p-4"
        onKeyDown={onKeyDown}
      >
        <DialogTitle className="pr-8 text-base">
          {title}
          {count > 1 && index !== null && (
            <span className="ml-2 font-normal text-muted-foreground tabular-nums">
              {index + 1} of {count}
            </span>
          )}
        </DialogTitle>
        <DialogDescription className="sr-only">
          Use the left and right arrow keys to move between photos and videos.
        </DialogDescription>
        {item && (
          <figure className="flex flex-col gap-2">
            <div
              className="flex touch-pan-y items-center justify-center"
              onPointerDown={onPointerDown}
              onPointerUp={onPointerUp}
            >
              {isPending(item) ? (
                <MediaPlaceholder
                  key={item.url}
                  item={item}
                  label={item.altText ?? (item.kind === 'video' ? 'Video' : 'Photo')}
                  className="aspect-video w-full max-w-xl rounded-md [&_span]:text-sm [&_svg]:size-8"
                />
              ) : item.kind === 'video' ? (
                <video
                  key={item.url}
                  src={item.url}
                  controls
                  playsInline
                  aria-label={item.altText ?? 'Video from the concert'}
                  className="max-h-[70svh] w-full rounded-md bg-black"
                />
              ) : (
                <img
                  key={item.url}
                  src={item.url}
                  alt={item.altText ?? 'Photo from the concert'}
                  width={item.width ?? undefined}
                  height={item.height ?? undefined}
                  className="max-h-[70svh] w-auto rounded-md object-contain select-none"
                  draggable={false}
                />
              )}
            </div>
            {item.altText && (
              <figcaption className="text-center text-sm text-muted-foreground">
                {item.altText}
              </figcaption>
            )}
          </figure>
        )}
        {count > 1 && (
          <div className="flex justify-between">
            <Button type="button" variant="outline" size="sm" onClick={() => move(-1)}>
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => move(1)}>
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
