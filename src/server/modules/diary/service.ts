/**
 * The diary (docs/product.md §2 "Diary"): the shows a person was at, newest first, and
 * their numbers. One's own diary also asks "Did you go?" of one's past "Going" marks;
 * someone else's is shown exactly as their History tab is (requireHistoryAccess: private
 * accounts, blocks, "Show concert history").
 */
import type { DiaryPage, DiaryQuery, DiaryStats } from '#shared/schemas/diary';
import { todayIso } from '#server/lib/dates.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { requireHistoryAccess } from '../users/index.ts';
import { selectDiaryShows, selectDiaryStats, selectDidYouGo } from './queries.ts';

/** Whose diary: one's own ('me' or one's id), or another person's the viewer may see. */
async function diaryOwner(
  ctx: SignedInContext,
  who: string,
): Promise<{ userId: string; own: boolean }> {
  if (who === 'me' || who === ctx.viewerId) return { userId: ctx.viewerId, own: true };
  await requireHistoryAccess(ctx.db, who, ctx.viewerId);
  return { userId: who, own: false };
}

export async function getDiary(
  ctx: SignedInContext,
  who: string,
  query: DiaryQuery,
): Promise<DiaryPage> {
  const { userId, own } = await diaryOwner(ctx, who);
  const shows = await selectDiaryShows(ctx.db, userId, query, own);
  const didYouGo = own && !query.before ? await selectDidYouGo(ctx.db, userId, todayIso()) : [];
  return { shows, didYouGo };
}

export async function getDiaryStats(ctx: SignedInContext, who: string): Promise<DiaryStats> {
  const { userId } = await diaryOwner(ctx, who);
  return selectDiaryStats(ctx.db, userId);
}
