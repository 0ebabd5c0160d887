import { daysFromToday } from '../db/seed/factories.ts';
import type { TestRows } from './test-rows.ts';

/** Ratings a test review carries: every aspect different, so a mix-up shows. */
export const TEST_RATINGS = {
  overallRating: 4.5,
  performanceRating: 5,
  soundRating: 4,
  venueRating: 3.5,
  valueRating: 4,
};

/**
 * Two reviews by `userId`, rated `ratings.past` and `ratings.today`: one of a concert five
 * days ago and one of a concert today; both mark their show "I was there", so both count
 * as attended (a show counts from its day on).
 * Answers the review of the past concert.
 */
export async function reviewsOfPastAndToday(
  create: TestRows,
  userId: string,
  ratings: { past: number; today: number },
) {
  const past = await create.concert({ date: daysFromToday(-5) });
  const today = await create.concert({ date: daysFromToday(0) });
  const review = await create.review({
    userId,
    concertId: past.id,
    overallRating: ratings.past,
  });
  await create.review({ userId, concertId: today.id, overallRating: ratings.today });
  return review;
}
