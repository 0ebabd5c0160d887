import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { toast } from '#client/components/ui/use-toast';
import { reviewQueryOptions } from '../api/get-review';
import type { ReviewDialogRequest } from '../lib/review-dialog-request';

const ReviewDialog = lazy(() =>
  import('../components/review-dialog').then((module) => ({ default: module.ReviewDialog })),
);

interface ReviewDialogApi {
  openReviewDialog(request?: ReviewDialogRequest): void;
  /** Opens one's own review in the dialog to edit, once it is read (one review per show). */
  editReview(reviewId: string): Promise<void>;
}

const ReviewDialogContext = createContext<ReviewDialogApi | null>(null);

/** Holds the one review dialog of the signed-in frame; any page can open it. */
export function ReviewDialogProvider({
  userId,
  children,
}: {
  userId: string;
  children: ReactNode;
}) {
  const [request, setRequest] = useState<ReviewDialogRequest | null>(null);
  // A new key per opening: the form starts from what it is opened on.
  const [opening, setOpening] = useState(0);
  const openReviewDialog = useCallback((next: ReviewDialogRequest = { mode: 'create' }) => {
    // A draft of the concert is offered by the dialog ("Continue your draft of …?").
    setRequest(next);
    setOpening((n) => n + 1);
  }, []);
  const queryClient = useQueryClient();
  const editReview = useCallback(
    async (reviewId: string) => {
      try {
        const review = await queryClient.fetchQuery(reviewQueryOptions(reviewId));
        openReviewDialog({ mode: 'edit', review });
      } catch {
        toast({
          title: 'Could not open your review',
          description: 'Please try again.',
          variant: 'destructive',
        });
      }
    },
    [queryClient, openReviewDialog],
  );
  const api = useMemo(() => ({ openReviewDialog, editReview }), [openReviewDialog, editReview]);
  return (
    <ReviewDialogContext value={api}>
      {children}
      {request && (
        <Suspense fallback={null}>
          <ReviewDialog
            key={opening}
            userId={userId}
            request={request}
            onEditReview={editReview}
            onClose={() => setRequest(null)}
          />
        </Suspense>
      )}
    </ReviewDialogContext>
  );
}

export function useReviewDialog(): ReviewDialogApi {
  const api = useContext(ReviewDialogContext);
  if (!api) throw new Error('useReviewDialog needs a ReviewDialogProvider');
  return api;
}
