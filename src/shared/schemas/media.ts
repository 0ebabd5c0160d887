import { z } from 'zod';
import { text } from './common.ts';
import { MEDIA_ALT_TEXT_MAX } from '../limits.ts';

export const MEDIA_KINDS = ['image', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** One photo or video as a review shows it. */
export const reviewMediaSchema = z
  .object({
    /** The upload's id (demo art has an id of its own): what a review's body names it by. */
    id: z.string(),
    url: z.string(),
    /** A small image for strips and grids; a video's is its own url. */
    thumbnailUrl: z.string(),
    kind: z.enum(MEDIA_KINDS),
    contentType: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    altText: z.string().nullable(),
    /**
     * Still being processed after its upload: its url and thumbnail are not served yet, and
     * width and height are unknown until it is done.
     */
    processing: z.boolean(),
    /** Could not be processed (a photo that does not decode): it will never be served. */
    failed: z.boolean(),
  })
  .meta({ id: 'ReviewMedia' });
export type ReviewMedia = z.infer<typeof reviewMediaSchema>;

/**
 * A review's media as its row keeps them: entries written before processing moved after
 * the request lack the two flags, and were ready when written.
 */
export type StoredReviewMedia = Omit<ReviewMedia, 'processing' | 'failed'> &
  Partial<Pick<ReviewMedia, 'processing' | 'failed'>>;

export const asShownMedia = (item: StoredReviewMedia): ReviewMedia => ({
  ...item,
  processing: item.processing ?? false,
  failed: item.failed ?? false,
});

/** A stored upload as POST /api/upload answers it: a review's body names it by its `id`. */
export const uploadedFileSchema = reviewMediaSchema
  .omit({ altText: true })
  .extend({ id: z.string(), name: z.string(), size: z.number().int() })
  .meta({ id: 'UploadedFile' });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const uploadResponseSchema = z
  .object({
    /** The files' urls, in the order they were sent. */
    paths: z.array(z.string()),
    files: z.array(uploadedFileSchema),
  })
  .meta({ id: 'UploadResponse' });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const profileImageResponseSchema = z
  .object({ url: z.string(), file: uploadedFileSchema })
  .meta({ id: 'ProfileImageResponse' });

/** Alt text for one attached photo or video. */
export const altTextSchema = text('altText')
  .trim()
  .max(MEDIA_ALT_TEXT_MAX, `altText must be at most ${MEDIA_ALT_TEXT_MAX} characters`);
