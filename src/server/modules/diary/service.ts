/**
 * The diary (docs/product.md §2 "Diary"): the shows a person was at, newest first, and
 * their numbers. One's own diary also asks "Did you go?" of one's past "Going" marks;
 * someone else's is shown exactly as their History tab is (requireHistoryAccess: private
 * accounts, blocks, "Show concert history").
 */
import type { DiaryPage, DiaryQuery, DiaryStats, OwnDiaryPage } from '#shared/schemas/diary';
import { todayOfPerson } from '../account/index.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { requireHistoryAccess } from '../users/index.ts';
import {
  selectDiaryShows,
  selectDiaryStats,
  selectDidYouGo,
  selectOwnDiaryShows,
} from './queries.ts';

/** Whose diary: one's own ('me' or one's id), or another person's the viewer may see. */
async function diaryOwner(
  ctx: SignedInContext,
  who: string,
): Promise<{ userId: string; own: boolean }> {
  if (who === 'me' || who === ctx.viewerId) return { userId: ctx.viewerId, own: true };
  await requireHistoryAccess(ctx.db, who, ctx.viewerId);
  return { userId: who, own: false };
}

/**
 * GET /api/users/me/diary: one's own shows, with one's reviews, "Did you go?" on the first
 * page, and one's ticket details on each (which no other answer carries).
 */
export async function getOwnDiary(ctx: SignedInContext, query: DiaryQuery): Promise<OwnDiaryPage> {
  const userId = ctx.viewerId;
  const shows = await selectOwnDiaryShows(ctx.db, userId, query);
  const didYouGo = query.before
    ? []
    : await selectDidYouGo(ctx.db, userId, await todayOfPerson(ctx.db, userId));
  return { shows, didYouGo };
}

/**
 * GET /api/users/{id}/diary: a person's shows as their History is shown; one's own id reads
 * one's own diary without the ticket details (only /users/me/diary has them).
 */
export async function getDiary(
  ctx: SignedInContext,
  who: string,
  query: DiaryQuery,
): Promise<DiaryPage> {
  const { userId, own } = await diaryOwner(ctx, who);
  if (own) {
    const { shows, didYouGo } = await getOwnDiary(ctx, query);
    return {
      shows: shows.map(({ ticket: _ticket, ...show }) => show),
      didYouGo: didYouGo.map(({ ticket: _ticket, ...show }) => show),
    };
  }
  return { shows: await selectDiaryShows(ctx.db, userId, query), didYouGo: [] };
}

export async function getDiaryStats(ctx: SignedInContext, who: string): Promise<DiaryStats> {
  const { userId } = await diaryOwner(ctx, who);
  return selectDiaryStats(ctx.db, userId);
}
