/** People: their accounts, profiles, follows and search. What other modules may use. */
export { acceptPendingFollowRequests, countFollow } from './follows.ts';
export {
  findOrCreateUserForIdentity,
  findPeopleForgivingly,
  toCurrentUser,
  type IdentityClaims,
} from './service.ts';
export {
  hasAnyBlock,
  hasBlocked,
  notBlockedBetween,
  selectBlockStateWithAuthor,
  type BlockState,
} from './blocks.ts';
export { refuseReadAcrossBlock, refuseWriteAcrossBlock } from './blocking.ts';
export {
  ACCOUNT_PRIVATE,
  authorVisibleTo,
  historyVisibleTo,
  requireContentAccess,
  requireHistoryAccess,
  requireReviewAccess,
  selectPersonAccess,
  viewerFollows,
  viewerRequested,
  type ViewerId,
} from './visibility.ts';
