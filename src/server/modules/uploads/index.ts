/** Uploaded photos, videos and profile pictures. What other modules may use. */
export { uploadsRoutes } from './routes.ts';
export {
  attachReviewMedia,
  releaseAllReviewMedia,
  sweepUnusedUploads,
  type WantedMedia,
} from './service.ts';
