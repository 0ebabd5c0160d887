import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '#shared/schemas/reviews';
import { toast } from '#client/components/ui/use-toast';
import { api, isUnauthorized } from '#client/lib/api';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refresh, refreshes } from '#client/lib/refreshes';
import { reviewKeys } from './keys';

const commentsPath = (reviewId: string) => `/reviews/${encodeURIComponent(reviewId)}/comments`;

/** GET /api/reviews/{id}/comments: a review's comments, oldest first. */
export async function getComments(reviewId: string, signal?: AbortSignal): Promise<Comment[]> {
  try {
    return await api.get<Comment[]>(commentsPath(reviewId), { search: { limit: '100' }, signal });
  } catch {
    throw new Error('Failed to fetch comments');
  }
}

export function commentsQueryOptions(reviewId: string) {
  return queryOptions({
    queryKey: reviewKeys.comments(reviewId),
    queryFn: ({ signal }) => getComments(reviewId, signal),
    staleTime: FRESH_FOR_MS.shared,
  });
}

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

export function usePostComment(reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentText: string) => postComment(reviewId, commentText),
    onSuccess: async () => {
      toast({ title: 'Comment added', description: 'Your comment has been posted successfully.' });
      await refresh(queryClient, refreshes.commentWritten(reviewId));
    },
    onError: (error) => toastCommentFailure(error, 'post'),
  });
}

export function useDeleteComment(reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: async () => {
      toast({ title: 'Comment deleted', description: 'Your comment has been removed.' });
      await refresh(queryClient, refreshes.commentWritten(reviewId));
    },
    onError: (error) => toastCommentFailure(error, 'delete'),
  });
}
