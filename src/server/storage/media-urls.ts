/**
 * Rows name served files by key (`ab/ab12….webp`), never by URL. What a response shows is
 * the file's URL, made as the row is read: the app's own `/uploads/<key>`, or
 * `<MEDIA_PUBLIC_URL>/<key>` when a CDN or public bucket serves the files. So the public
 * address can change between starts without rewriting a row.
 *
 * The address is a setting of the process, given once as its store opens (`linkMediaAt`),
 * so the mappers of every read call `mediaUrl` without carrying the store around.
 */
import { asShownMedia, type ReviewMedia, type StoredReviewMedia } from '#shared/schemas/media';
import { isServedKey, servedUrls } from './local-file-store.ts';

let served = servedUrls(undefined);

/** Links files at `publicUrl` from now on; at the app's /uploads/ when it is undefined. */
export function linkMediaAt(publicUrl: string | undefined): void {
  served = servedUrls(publicUrl);
}

/**
 * The URL of what a row stores: a served file's key becomes its URL. Anything else is a
 * URL of elsewhere (a sign-in provider's picture, the demo art) and is shown as it is.
 */
export const mediaUrl = (stored: string): string =>
  isServedKey(stored) ? served.urlOf(stored) : stored;

/** A profile picture's URL; none stays none. */
export const pictureUrl = (stored: string | null): string | null =>
  stored === null ? null : mediaUrl(stored);

/** One of a review's photos or videos as its row keeps it, with its URLs. */
export const withMediaUrls = (item: StoredReviewMedia): StoredReviewMedia => ({
  ...item,
  url: mediaUrl(item.url),
  thumbnailUrl: mediaUrl(item.thumbnailUrl),
});

/** One of a review's photos or videos as a review shows it. */
export const mediaShown = (item: StoredReviewMedia): ReviewMedia =>
  asShownMedia(withMediaUrls(item));
