import { useQuery } from '@tanstack/react-query';
import type { Comment } from '#shared/schemas/reviews';
import type { ToastOptions } from '#client/components/ui/use-toast';
import { api, isUnauthorized } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refreshes } from '#client/lib/refreshes';
import { reviewKeys } from './keys';

const commentsPath = (reviewId: string) => `/reviews/${encodeURIComponent(reviewId)}/comments`;

/** GET /api/reviews/{id}/comments: a review's comments, oldest first. */
export const { options: commentsQueryOptions } = apiQuery<Comment[], [reviewId: string]>({
  key: reviewKeys.comments,
  path: commentsPath,
  search: () => ({ limit: '100' }),
  staleTime: FRESH_FOR_MS.shared,
});

/** A review's comments; asked for only while the dialog is open. */
export function useComments(reviewId: string, enabled: boolean) {
  return useQuery({ ...commentsQueryOptions(reviewId), enabled });
}

/** POST /api/reviews/{id}/comments. */
export function postComment(reviewId: string, commentText: string): Promise<Comment> {
  return api.post<Comment>(commentsPath(reviewId), { commentText });
}

/** DELETE /api/comments/{id}. */
export async function deleteComment(commentId: string): Promise<void> {
  await api.delete(`/comments/${encodeURIComponent(commentId)}`);
}

/** docs/product.md §8: a 401 asks to log in; anything else says the action failed. */
function commentFailure(error: unknown, action: 'post' | 'delete'): ToastOptions {
  return isUnauthorized(error)
    ? {
        title: 'Please log in',
        description: `You need to be logged in to ${action} comments.`,
        variant: 'destructive',
      }
    : {
        title: 'Error',
        description: `Failed to ${action} comment. Please try again.`,
        variant: 'destructive',
      };
}

export function usePostComment(reviewId: string) {
  return useApiMutation({
    send: (commentText: string) => postComment(reviewId, commentText),
    refreshes: () => refreshes.commentWritten(reviewId),
    succeeded: () => ({
      title: 'Comment added',
      description: 'Your comment has been posted successfully.',
    }),
    failed: (error) => commentFailure(error, 'post'),
    pendingUntilRefreshed: true,
  });
}

export function useDeleteComment(reviewId: string) {
  return useApiMutation({
    send: deleteComment,
    refreshes: () => refreshes.commentWritten(reviewId),
    succeeded: () => ({ title: 'Comment deleted', description: 'Your comment has been removed.' }),
    failed: (error) => commentFailure(error, 'delete'),
    pendingUntilRefreshed: true,
  });
}
