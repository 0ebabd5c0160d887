import { describe, expect, it } from 'vitest';
import type { ReviewMedia } from '#shared/schemas/media';
import { aReview } from '#client/testing/data';
import { PROCESSING_REFETCH_MS, refetchWhileProcessing } from './media-processing';

const item = (processing: boolean, failed = false): ReviewMedia => ({
  id: '00000000-0000-4000-8000-000000000001',
  url: '/uploads/ab/x.webp',
  thumbnailUrl: '/uploads/ab/x-thumb.webp',
  kind: 'image',
  contentType: 'image/webp',
  width: null,
  height: null,
  altText: null,
  processing,
  failed,
});

const withMedia = (...media: ReviewMedia[]) => aReview('1', { media });
const query = (data: Parameters<typeof refetchWhileProcessing>[0]['state']['data']) => ({
  state: { data },
});

describe('refetchWhileProcessing', () => {
  it('asks again while a review shown holds media still processing, in lists and pages', () => {
    expect(refetchWhileProcessing(query([withMedia(item(false)), withMedia(item(true))]))).toBe(
      PROCESSING_REFETCH_MS,
    );
    expect(
      refetchWhileProcessing(
        query({ pages: [[withMedia()], [withMedia(item(true))]], pageParams: [undefined, 'x'] }),
      ),
    ).toBe(PROCESSING_REFETCH_MS);
  });

  it('does not poll when nothing is processing, failed media included, or before data', () => {
    expect(refetchWhileProcessing(query([withMedia(item(false), item(false, true))]))).toBe(false);
    expect(refetchWhileProcessing(query({ pages: [], pageParams: [] }))).toBe(false);
    expect(refetchWhileProcessing(query(undefined))).toBe(false);
  });
});
