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
import { findDraftOf } from '../lib/drafts';
import type { ReviewDialogRequest } from '../lib/review-dialog-request';

const ReviewDialog = lazy(() =>
  import('../components/review-dialog').then((module) => ({ default: module.ReviewDialog })),
);

interface ReviewDialogApi {
  openReviewDialog(request?: ReviewDialogRequest): void;
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
  const openReviewDialog = useCallback(
    (next: ReviewDialogRequest = { mode: 'create' }) => {
      // Writing about a concert again goes on with the draft already started on it.
      const draft =
        next.mode === 'create' && next.concert && !next.draft
          ? findDraftOf(userId, next.concert.id)
          : undefined;
      setRequest(next.mode === 'create' && draft ? { ...next, draft } : next);
      setOpening((n) => n + 1);
    },
    [userId],
  );
  const api = useMemo(() => ({ openReviewDialog }), [openReviewDialog]);
  return (
    <ReviewDialogContext value={api}>
      {children}
      {request && (
        <Suspense fallback={null}>
          <ReviewDialog
            key={opening}
            userId={userId}
            request={request}
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
