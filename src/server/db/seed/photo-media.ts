import { createHash } from 'node:crypto';
import type { ReviewMedia } from '#shared/schemas/media';

const TYPE_BY_EXTENSION: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * An id for a photo that is no upload, made from its URL and place (a name-based UUID), so
 * the demo data is the same every time it is seeded.
 */
function idOfPhoto(url: string, index: number): string {
  const hex = createHash('sha1').update(`${index}:${url}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * What a review keeps of photos given as plain image URLs (the demo art) or as upload keys
 * (tests): the same value as file and thumbnail.
 */
export function mediaOfPhotoUrls(urls: readonly string[]): ReviewMedia[] {
  return urls.map((url, index) => ({
    id: idOfPhoto(url, index),
    url,
    thumbnailUrl: url,
    kind: 'image',
    contentType: TYPE_BY_EXTENSION[url.split('.').pop() ?? ''] ?? 'image/jpeg',
    width: null,
    height: null,
    altText: null,
    processing: false,
    failed: false,
  }));
}
