/**
 * What Encore accepts as a photo or video, told from the file's first bytes: the name a
 * file was sent with and the type its sender declared are not believed.
 */
import { fileTypeFromFile } from 'file-type';
import type { MediaKind } from '#shared/schemas/media';

interface AcceptedType {
  kind: MediaKind;
  /** The extension stored files of this type get (what they are served by). */
  extension: string;
}

const ACCEPTED: Record<string, AcceptedType> = {
  'image/jpeg': { kind: 'image', extension: 'jpg' },
  'image/png': { kind: 'image', extension: 'png' },
  'image/webp': { kind: 'image', extension: 'webp' },
  'image/avif': { kind: 'image', extension: 'avif' },
  'image/heic': { kind: 'image', extension: 'heic' },
  'image/heif': { kind: 'image', extension: 'heif' },
  'video/mp4': { kind: 'video', extension: 'mp4' },
  'video/webm': { kind: 'video', extension: 'webm' },
  'video/quicktime': { kind: 'video', extension: 'mov' },
};

export const ACCEPTED_FORMATS = 'JPEG, PNG, WebP, AVIF or HEIC photos and MP4, WebM or MOV videos';

export interface DetectedType extends AcceptedType {
  contentType: string;
}

/** The file's type if Encore accepts it; undefined for anything else. */
export async function detectMediaType(filePath: string): Promise<DetectedType | undefined> {
  const detected = await fileTypeFromFile(filePath);
  const accepted = detected ? ACCEPTED[detected.mime] : undefined;
  return accepted && detected ? { ...accepted, contentType: detected.mime } : undefined;
}
