/** Reviews of concerts, with their likes and comments. */
export { reviewRatingColumns } from './queries.ts';
export { fanOutReview, pullFollowedReviews, tellFollowersOfReview } from './timeline.ts';
export { removeCommentAsOperator } from './comments.ts';
export { getReview, removeReviewAsOperator } from './service.ts';
