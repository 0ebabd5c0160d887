/** Uploaded photos, videos and profile pictures. What other modules may use. */
export { processMedia } from './processing.ts';
export {
  attachUploads,
  releaseAllReviewMedia,
  replaceReviewMedia,
  takeUploadsForNewReview,
  type WantedMedia,
} from './review-media.ts';
export { storedKeysOf, sweepUnusedUploads } from './sweep.ts';
export { mediaWhileProcessing } from './while-processing.ts';
