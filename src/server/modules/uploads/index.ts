/** Uploaded photos, videos and profile pictures. What other modules may use. */
export {
  attachReviewMedia,
  processMedia,
  releaseAllReviewMedia,
  storedKeysOf,
  sweepUnusedUploads,
  type WantedMedia,
} from './service.ts';
export { mediaWhileProcessing } from './while-processing.ts';
