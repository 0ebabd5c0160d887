/**
 * The account module's reads and writes, one file a concern: the person's own row
 * (queries/profile.ts), their settings (settings.ts), what deleting the account writes
 * (deletion.ts) and what the data export reads (export.ts).
 */
export {
  findOwnProfileUpload,
  findUser,
  lockUser,
  updateUser,
  usernameOwner,
  type UserChanges,
  type UserRow,
} from './queries/profile.ts';
export {
  selectSettings,
  setPrivate,
  upsertSettings,
  type SettingsColumns,
  type SettingsRow,
} from './queries/settings.ts';
export {
  commentedReviews,
  deleteFollowsOf,
  deleteThrottlesOf,
  deleteUploadsOf,
  deleteUserRow,
  lockReviewedConcerts,
  unlikeEverything,
} from './queries/deletion.ts';
export { exportRows } from './queries/export.ts';
