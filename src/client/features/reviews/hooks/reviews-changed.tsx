import { createContext, useContext, type ReactNode } from 'react';

type ReviewsChanged = (concertId: string) => void;

const ReviewsChangedContext = createContext<ReviewsChanged>(() => {});

/**
 * Lets the page around the reviews hear that a concert's reviews changed (its averages and
 * lists, which another feature shows, are then out of date), without this feature knowing
 * that feature.
 */
export function ReviewsChangedProvider({
  onChange,
  children,
}: {
  onChange: ReviewsChanged;
  children: ReactNode;
}) {
  return <ReviewsChangedContext value={onChange}>{children}</ReviewsChangedContext>;
}

export const useReviewsChanged = () => useContext(ReviewsChangedContext);
