/** Reviews of concerts, with their likes and comments. */
export { reviewRatingColumns } from './queries.ts';
export { fanOutReview, pullFollowedReviews, tellFollowersOfReview } from './timeline.ts';
export { removeCommentAsOperator } from './comments.ts';
export { removeReviewAsOperator } from './service.ts';
