/**
 * What an upload's URLs answer before its served files exist. The upload request answers
 * the URLs at once and the files are made by a job, seconds later on a busy machine; a URL
 * Encore has handed out must not answer 404 meanwhile. A photo (and its thumbnail) answers
 * a plain placeholder picture: the photo as received is not served, since it may carry
 * EXIF and GPS, and making anything of its pixels is the job's work. A video answers the
 * file as received, the bytes it is served as once the job has checked them again. The
 * stand-in is never cached (`storagePlugin`), so the file is fetched once it is there.
 */
import type { Database } from '#server/db/index.ts';
import type { StandIn, StandInFor } from '#server/storage/index.ts';
import { findUploadByFileKey } from './queries.ts';

/** A 4×3 lossless WebP of one neutral grey. */
const PLACEHOLDER_PICTURE = Buffer.from(
  'UklGRh4AAABXRUJQVlA4TBEAAAAvA4AAAAfQ0IZWtf+BiOh/AAA=',
  'base64',
);

/** A photo's thumbnail is named after its display file: `ab/<id>-thumb.webp`. */
const THUMBNAIL_SUFFIX = /-thumb(?=\.webp$)/;

/**
 * The stand-in of an upload's served file that is not there yet. A failed upload has none
 * (404): nothing of it will ever be served. A photo just made ready by its job, whose file
 * this request missed by a moment, answers the placeholder once more.
 */
export function mediaWhileProcessing(db: Database): StandInFor {
  return async (key, files): Promise<StandIn | undefined> => {
    const upload = await findUploadByFileKey(db, key.replace(THUMBNAIL_SUFFIX, ''));
    if (!upload || upload.state === 'failed') return undefined;
    if (upload.kind === 'image') {
      return { contentType: 'image/webp', body: PLACEHOLDER_PICTURE };
    }
    if (upload.state !== 'processing' || !upload.originalKey) return undefined;
    return { contentType: upload.contentType, body: files.read(upload.originalKey) };
  };
}
