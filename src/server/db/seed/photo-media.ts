import type { ReviewMedia } from '#shared/schemas/media';

const TYPE_BY_EXTENSION: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * What a review keeps of photos given as plain image URLs (the demo art) or as upload keys
 * (tests): the same value as file and thumbnail.
 */
export function mediaOfPhotoUrls(urls: readonly string[]): ReviewMedia[] {
  return urls.map((url) => ({
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
