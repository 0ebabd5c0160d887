/**
 * The users module's reads, one file a concern: a person's own row (queries/identity.ts),
 * their numbers (numbers.ts), profile (profiles.ts), Find Friends (search.ts), follows and
 * follow requests (follows.ts), and concert history (history.ts).
 */
export {
  findUserById,
  findUserByIdentity,
  insertUserForIdentity,
  isEmailTaken,
  userExists,
  type NewUserRow,
  type UserRow,
} from './queries/identity.ts';
export { selectUserStats } from './queries/numbers.ts';
export { selectUserProfile, userProfileStatement, type PersonKey } from './queries/profiles.ts';
export {
  forgivingPeopleStatement,
  SEARCH_TIERS,
  searchPeople,
  searchTierStatement,
  type SearchTier,
} from './queries/search.ts';
export {
  countFollowRequests,
  followRowExists,
  selectFollowPage,
  selectFollowRequestPage,
  type FollowDirection,
} from './queries/follows.ts';
export { buildConcertHistoryQuery } from './queries/history.ts';
