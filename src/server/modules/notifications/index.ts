/** A person's notifications. What other modules may use. */
export { noticeActorNames, noticeColumns, noticeWords } from './notice-columns.ts';
export {
  forgetActor,
  newReviewNoticeInsert,
  notifyFollowApproved,
  notifyFriendsGoing,
  notifyNewFollower,
  notifyReviewAuthor,
  refreshCommentNotice,
  returningWrittenNotice,
  reviewNoticeInsert,
  type WrittenNotice,
} from './writes.ts';
