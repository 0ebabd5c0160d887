import { count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { concerts, reviews } from '../../db/schema.ts';
import { authorVisibleTo } from '../users/index.ts';

const avgOverall = sql<number>`round(avg(${reviews.overallRating}), 2)::float8`;
const reviewCount = count(reviews.id);

/**
 * Community Favorites are public figures made of the reviews anyone may see: a private
 * person's ratings stay with the people they let in (users/visibility.ts).
 */
const publicReviews = authorVisibleTo(undefined, reviews.userId);

/** Venues ranked by their reviews' overall average: one aggregate over reviews ⋈ concerts. */
export function selectTopVenues(db: Database, limit: number) {
  return db
    .select({
      venue: concerts.venue,
      city: concerts.city,
      review_count: reviewCount,
      avg_rating: avgOverall,
    })
    .from(reviews)
    .innerJoin(concerts, eq(concerts.id, reviews.concertId))
    .where(publicReviews)
    .groupBy(concerts.venue, concerts.city)
    .orderBy(desc(avgOverall), desc(reviewCount), concerts.venue)
    .limit(limit);
}

export function selectTopArtists(db: Database, limit: number) {
  return db
    .select({
      artist: concerts.artist,
      review_count: reviewCount,
      avg_rating: avgOverall,
      avg_performance: sql<number>`round(avg(${reviews.performanceRating}), 2)::float8`,
    })
    .from(reviews)
    .innerJoin(concerts, eq(concerts.id, reviews.concertId))
    .where(publicReviews)
    .groupBy(concerts.artist)
    .orderBy(desc(avgOverall), desc(reviewCount), concerts.artist)
    .limit(limit);
}
