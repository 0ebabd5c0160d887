/** Ratings a test review carries: every aspect different, so a mix-up shows. */
export const TEST_RATINGS = {
  overallRating: 4.5,
  performanceRating: 5,
  soundRating: 4,
  venueRating: 3.5,
  valueRating: 4,
};
