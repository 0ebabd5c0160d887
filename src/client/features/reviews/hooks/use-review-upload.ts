import { useState } from 'react';
import { toast } from '#client/components/ui/use-toast';
import { uploadMedia, uploadRefusal } from '../api/upload-media';
import type { PickedMedia } from '../components/media-picker';

/** What the review's files need to go with it: each one's id, or why the upload failed. */
export type UploadOutcome =
  { ok: true; ids: string[] } | { ok: false; refusedKey: string | null; message: string | null };

/**
 * Uploads the files picked for a review before it is sent, with its progress (a percentage
 * while bytes go out, then 100 while the server works on them) and a reason that names no
 * file. Answers every picked item's id in order: an upload's, or the one the review shows
 * already. A refusal the server ties to one file is answered with that file's key, for the
 * picker to show next to it.
 */
export function useReviewUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async (media: readonly PickedMedia[]): Promise<UploadOutcome> => {
    const fresh = media.filter((item) => item.file);
    if (fresh.length === 0) return { ok: true, ids: media.map((item) => item.existing!.id) };
    const files = fresh.map((item) => item.file!);
    setProgress(0);
    setError(null);
    try {
      const uploaded = await uploadMedia(files, (fraction) => setProgress(fraction * 100));
      toast({ title: 'Files uploaded successfully!' });
      let next = 0;
      return {
        ok: true,
        ids: media.map((item) => (item.file ? uploaded.files[next++]!.id : item.existing!.id)),
      };
    } catch (failure) {
      toast({
        title: 'Upload failed',
        description: 'Failed to upload files. Please try again.',
        variant: 'destructive',
      });
      // The server's reason goes next to the file it names, else under the files.
      const refusal = uploadRefusal(failure, files);
      const refusedKey = refusal?.fileIndex != null ? fresh[refusal.fileIndex]!.key : null;
      if (refusal && !refusedKey) setError(refusal.message);
      return { ok: false, refusedKey, message: refusal?.message ?? null };
    } finally {
      setProgress(null);
    }
  };

  return { upload, progress, uploading: progress !== null, error };
}
