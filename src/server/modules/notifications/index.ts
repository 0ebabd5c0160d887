/** A person's notifications. What other modules may use. */
export { noticeColumns } from './queries.ts';
export { notificationsRoutes } from './routes.ts';
export {
  forgetActor,
  newReviewNoticeInsert,
  notifyNewFollower,
  notifyReviewAuthor,
  refreshCommentNotice,
  reviewNoticeInsert,
} from './writes.ts';
