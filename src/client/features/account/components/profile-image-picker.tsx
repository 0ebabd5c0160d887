import { Camera, LoaderCircle, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { megabytes } from '#shared/file-sizes';
import { MAX_PROFILE_IMAGE_BYTES } from '#shared/limits';
import { Avatar, AvatarFallback, AvatarImage } from '#client/components/ui/avatar';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/use-toast';
import { serverMessage } from '#client/lib/api';
import { uploadProfileImage } from '../api/upload-profile-image';

/**
 * The profile photo: a preview and a button that picks an image, checks it (docs/product.md §5: an
 * image, within MAX_PROFILE_IMAGE_BYTES) and uploads it at once, so saving the form only sends its url. The
 * server answers before it has processed the picture and serves it only once it is ready,
 * so the preview shows the picked file itself meanwhile.
 */
export function ProfileImagePicker({
  imageUrl,
  onChange,
  onUploadingChange,
  fallback,
  disabled,
}: {
  imageUrl: string | null;
  onChange: (url: string | null) => void;
  onUploadingChange?: (uploading: boolean) => void;
  /** Initials shown while there is no photo. */
  fallback: string;
  disabled?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const [picked, setPicked] = useState<{ url: string; preview: string } | null>(null);
  useEffect(() => (picked ? () => URL.revokeObjectURL(picked.preview) : undefined), [picked]);
  const shownUrl = picked && picked.url === imageUrl ? picked.preview : imageUrl;

  const setBusy = (busy: boolean) => {
    setUploading(busy);
    onUploadingChange?.(busy);
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file picked again must fire a change too.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({
        title: 'Invalid file type',
        description: 'Please select an image file.',
        variant: 'destructive',
      });
      return;
    }
    if (file.size > MAX_PROFILE_IMAGE_BYTES) {
      toast({
        title: 'File too large',
        description: `Please select an image smaller than ${megabytes(MAX_PROFILE_IMAGE_BYTES)}.`,
        variant: 'destructive',
      });
      return;
    }
    setBusy(true);
    try {
      const { url } = await uploadProfileImage(file);
      setPicked({ url, preview: URL.createObjectURL(file) });
      onChange(url);
    } catch (error) {
      toast({
        title: 'Upload failed',
        description: serverMessage(error) ?? 'Failed to upload image. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:gap-4">
      <Avatar className="size-20 text-xl">
        {shownUrl && <AvatarImage src={shownUrl} alt="Your profile photo" />}
        <AvatarFallback>{fallback}</AvatarFallback>
      </Avatar>
      <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label="Profile photo file"
          data-testid="profile-image-input"
          disabled={disabled || uploading}
          onChange={(event) => void pick(event)}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || uploading}
          onClick={() => inputRef.current?.click()}
        >
          {uploading ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Camera aria-hidden="true" />
          )}
          {uploading ? 'Uploading...' : imageUrl ? 'Change photo' : 'Upload photo'}
        </Button>
        {imageUrl && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={disabled || uploading}
            onClick={() => onChange(null)}
          >
            <Trash2 aria-hidden="true" />
            Remove photo
          </Button>
        )}
        <p className="w-full text-center text-xs text-muted-foreground sm:text-left">
          An image of up to {megabytes(MAX_PROFILE_IMAGE_BYTES)}.
        </p>
      </div>
    </div>
  );
}
