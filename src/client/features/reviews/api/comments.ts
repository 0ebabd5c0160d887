import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '#shared/schemas/reviews';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, isUnauthorized, readJson } from '../../../lib/api';
import { FRESH_FOR_MS } from '../../../lib/query';
import { reviewKeys } from './keys';

const commentsUrl = (reviewId: string) => `/api/reviews/${encodeURIComponent(reviewId)}/comments`;

/** A review's comments, oldest first; asked for only while the dialog is open. */
export function useComments(reviewId: string, enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.comments(reviewId),
    queryFn: async ({ signal }) => {
      try {
        return readJson<Comment[]>(
          await apiRequest('GET', `${commentsUrl(reviewId)}?limit=100`, undefined, { signal }),
        );
      } catch {
        throw new Error('Failed to fetch comments');
      }
    },
    enabled,
    staleTime: FRESH_FOR_MS.shared,
  });
}

/** docs/product.md §8: a 401 asks to log in; anything else says the action failed. */
function toastCommentFailure(error: unknown, action: 'post' | 'delete') {
  toast(
    isUnauthorized(error)
      ? {
          title: 'Please log in',
          description: `You need to be logged in to ${action} comments.`,
          variant: 'destructive',
        }
      : {
          title: 'Error',
          description: `Failed to ${action} comment. Please try again.`,
          variant: 'destructive',
        },
  );
}

function useRefreshComments(reviewId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewKeys.comments(reviewId) }),
      // Lists show comment counts.
      queryClient.invalidateQueries({ queryKey: reviewKeys.lists() }),
    ]);
}

export function usePostComment(reviewId: string) {
  const refresh = useRefreshComments(reviewId);
  return useMutation({
    mutationFn: async (commentText: string) =>
      readJson<Comment>(await apiRequest('POST', commentsUrl(reviewId), { commentText })),
    onSuccess: async () => {
      toast({ title: 'Comment added', description: 'Your comment has been posted successfully.' });
      await refresh();
    },
    onError: (error) => toastCommentFailure(error, 'post'),
  });
}

export function useDeleteComment(reviewId: string) {
  const refresh = useRefreshComments(reviewId);
  return useMutation({
    mutationFn: async (commentId: string) => {
      await apiRequest('DELETE', `/api/comments/${encodeURIComponent(commentId)}`);
    },
    onSuccess: async () => {
      toast({ title: 'Comment deleted', description: 'Your comment has been removed.' });
      await refresh();
    },
    onError: (error) => toastCommentFailure(error, 'delete'),
  });
}
