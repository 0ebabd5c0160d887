import { ImagePlus, Play, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { MAX_REVIEW_PHOTO_BYTES, MAX_REVIEW_PHOTOS, MEDIA_ALT_TEXT_MAX } from '#shared/limits';
import type { ReviewMedia } from '#shared/schemas/media';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import { isPending, MediaPlaceholder } from './media-placeholder';

/** A photo or video of the review being written: one already on it (by its id), or a file picked now. */
export interface PickedMedia {
  key: string;
  kind: 'image' | 'video';
  previewUrl: string;
  altText: string;
  existing?: ReviewMedia;
  file?: File;
  /** Why the server refused this file, in its own words. */
  error?: string;
}

/**
 * Picks up to 5 photos or videos of 10 MB, with previews, alt text and remove buttons, and
 * the server's reason next to a file it refused. A picked file previews from the file
 * itself, so it shows at once while the server works on it; one already on the review
 * that is still processing shows as such.
 */
export function MediaPicker({
  items,
  onChange,
  disabled,
}: {
  items: PickedMedia[];
  onChange: (items: PickedMedia[]) => void;
  disabled?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const room = MAX_REVIEW_PHOTOS - items.length;

  const add = (files: FileList | null) => {
    if (!files) return;
    const accepted: PickedMedia[] = [];
    for (const file of Array.from(files)) {
      const kind = file.type.startsWith('video/')
        ? 'video'
        : file.type.startsWith('image/')
          ? 'image'
          : null;
      if (!kind) {
        toast({
          title: 'Invalid file type',
          description: `${file.name} is not a photo or video.`,
          variant: 'destructive',
        });
        continue;
      }
      if (file.size > MAX_REVIEW_PHOTO_BYTES) {
        toast({
          title: 'File too large',
          description: `${file.name} is larger than 10MB.`,
          variant: 'destructive',
        });
        continue;
      }
      if (accepted.length >= room) {
        toast({
          title: 'Too many files',
          description: `Up to ${MAX_REVIEW_PHOTOS} photos or videos.`,
          variant: 'destructive',
        });
        break;
      }
      accepted.push({
        key: `${file.name}-${file.size}-${crypto.randomUUID()}`,
        kind,
        previewUrl: URL.createObjectURL(file),
        altText: '',
        file,
      });
    }
    if (accepted.length > 0) onChange([...items, ...accepted]);
  };

  const remove = (item: PickedMedia) => {
    if (item.file) URL.revokeObjectURL(item.previewUrl);
    onChange(items.filter((other) => other.key !== item.key));
  };

  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="text-sm font-medium">Photos and videos</legend>
      <p id={helpId} className="text-xs text-muted-foreground">
        Up to {MAX_REVIEW_PHOTOS} photos or videos, 10MB each. Describe each for people who cannot
        see it.
      </p>
      {items.length > 0 && (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {items.map((item, index) => (
            <li key={item.key} className="flex gap-3 rounded-lg border p-2">
              <div className="relative size-16 shrink-0 overflow-hidden rounded-md bg-muted">
                {item.existing && isPending(item.existing) ? (
                  <MediaPlaceholder
                    item={item.existing}
                    label={`${item.kind === 'video' ? 'Video' : 'Photo'} ${index + 1}`}
                    compact
                    className="size-full"
                  />
                ) : item.kind === 'video' ? (
                  <>
                    <video
                      src={item.previewUrl}
                      muted
                      playsInline
                      preload="metadata"
                      aria-hidden="true"
                      className="size-full object-cover"
                    />
                    <Play
                      className="absolute inset-0 m-auto size-5 fill-white text-white drop-shadow"
                      aria-hidden="true"
                    />
                  </>
                ) : (
                  <img src={item.previewUrl} alt="" className="size-full object-cover" />
                )}
              </div>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <label className="text-xs text-muted-foreground" htmlFor={`alt-${item.key}`}>
                  {item.kind === 'video' ? 'Video' : 'Photo'} {index + 1} description
                </label>
                <Input
                  id={`alt-${item.key}`}
                  value={item.altText}
                  maxLength={MEDIA_ALT_TEXT_MAX}
                  placeholder="e.g. The band under red lights"
                  className="h-8"
                  onChange={(event) =>
                    onChange(
                      items.map((other) =>
                        other.key === item.key ? { ...other, altText: event.target.value } : other,
                      ),
                    )
                  }
                />
                {item.error && (
                  <p
                    id={`${helpId}-error-${index}`}
                    role="alert"
                    className="text-xs text-destructive"
                  >
                    {item.error}
                  </p>
                )}
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8 shrink-0"
                aria-label={`Remove ${item.kind === 'video' ? 'video' : 'photo'} ${index + 1}`}
                aria-describedby={item.error ? `${helpId}-error-${index}` : undefined}
                onClick={() => remove(item)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {room > 0 && (
        <>
          <input
            ref={inputRef}
            type="file"
            accept="image/*,video/*"
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="review-media-input"
            onChange={(event) => {
              add(event.target.files);
              event.target.value = '';
            }}
          />
          <Button
            type="button"
            variant="outline"
            className="w-fit"
            aria-describedby={helpId}
            onClick={() => inputRef.current?.click()}
          >
            <ImagePlus aria-hidden="true" />
            Add photos or videos
          </Button>
        </>
      )}
    </fieldset>
  );
}
