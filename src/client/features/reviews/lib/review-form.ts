import { z } from 'zod';
import {
  DEFAULT_RATING,
  MAX_REVIEW_PHOTOS,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
} from '#shared/limits';
import { reviewContentSchema, reviewTextRule, type Ratings } from '#shared/schemas/reviews';
import type { PickedMedia } from '../components/media-picker';
import type { DraftConcert } from './drafts';
import type { ReviewDialogRequest } from './review-dialog-request';

export const RATING_FIELDS: [keyof Ratings, string][] = [
  ['overallRating', 'Overall rating'],
  ['performanceRating', 'Performance rating'],
  ['soundRating', 'Sound quality rating'],
  ['venueRating', 'Venue rating'],
  ['valueRating', 'Value for money rating'],
];

export const DEFAULT_RATINGS: Ratings = {
  overallRating: DEFAULT_RATING,
  performanceRating: DEFAULT_RATING,
  soundRating: DEFAULT_RATING,
  venueRating: DEFAULT_RATING,
  valueRating: DEFAULT_RATING,
};

const { shape } = reviewContentSchema;

/**
 * The review dialog's form: the API's rules for what it sends (docs/product.md §5 "Review"),
 * the text's worded for the writer. The concert is checked on Post (a toast asks for one),
 * and the photos and videos are files or the review's own until they are sent.
 */
export const reviewFormSchema = z.object({
  concert: z.custom<DraftConcert | null>(),
  overallRating: shape.overallRating,
  performanceRating: shape.performanceRating,
  soundRating: shape.soundRating,
  venueRating: shape.venueRating,
  valueRating: shape.valueRating,
  reviewText: reviewTextRule({
    tooShort: `Write at least ${REVIEW_TEXT_MIN} characters.`,
    tooLong: `Keep it to ${REVIEW_TEXT_MAX} characters.`,
  }),
  highlights: shape.highlights.unwrap(),
  media: z.array(z.custom<PickedMedia>()).max(MAX_REVIEW_PHOTOS),
});
export type ReviewFormValues = z.input<typeof reviewFormSchema>;
export type ReviewFormOutput = z.output<typeof reviewFormSchema>;

export const ratingsOf = (values: Ratings): Ratings => ({
  overallRating: values.overallRating,
  performanceRating: values.performanceRating,
  soundRating: values.soundRating,
  venueRating: values.venueRating,
  valueRating: values.valueRating,
});

/** What the dialog starts from: the review being edited, a draft, or nothing yet. */
export function reviewFormStart(request: ReviewDialogRequest): {
  draftId: string | null;
  fromDraft: boolean;
  values: ReviewFormValues;
} {
  if (request.mode === 'edit') {
    const { review } = request;
    return {
      draftId: null,
      fromDraft: false,
      values: {
        concert: review.concert as DraftConcert,
        ...ratingsOf(review),
        reviewText: review.reviewText,
        highlights: review.highlights,
        media: review.media.map((item) => ({
          key: item.id,
          kind: item.kind,
          previewUrl: item.thumbnailUrl,
          altText: item.altText ?? '',
          existing: item,
        })),
      },
    };
  }
  const { draft } = request;
  return {
    draftId: draft?.id ?? crypto.randomUUID(),
    fromDraft: draft !== undefined,
    values: {
      concert: draft?.concert ?? request.concert ?? null,
      ...(draft?.ratings ? ratingsOf(draft.ratings) : DEFAULT_RATINGS),
      reviewText: draft?.reviewText ?? '',
      // Drafts are read from storage, which anything may have written.
      highlights: Array.isArray(draft?.highlights)
        ? draft.highlights.filter((song): song is string => typeof song === 'string')
        : [],
      media: [],
    },
  };
}
