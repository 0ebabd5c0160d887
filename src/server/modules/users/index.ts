/** People: their accounts, profiles, follows and search. What other modules may use. */
export { usersRoutes } from './routes.ts';
export { findOrCreateUserForIdentity, toCurrentUser, type IdentityClaims } from './service.ts';
export {
  hasAnyBlock,
  notBlockedBetween,
  selectBlockStateWithAuthor,
  type BlockState,
} from './blocks.ts';
export { refuseReadAcrossBlock, refuseWriteAcrossBlock } from './blocking.ts';
