import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { FollowRequestAnswer, FollowRequestPage } from '#shared/schemas/users';
import { toast } from '#client/components/ui/use-toast';
import { api } from '#client/lib/api';
import { pageSearch } from '#client/lib/pages';
import { refresh, refreshes } from '#client/lib/refreshes';
import { userKeys } from './keys';

/** Requests shown on the Notifications page at a time. */
const PAGE_SIZE = 20;

/** GET /api/follow-requests: one page of the requests waiting, and how many wait. */
export function getFollowRequests(
  before: string | undefined,
  signal?: AbortSignal,
): Promise<FollowRequestPage> {
  return api.get<FollowRequestPage>('/follow-requests', {
    search: pageSearch(PAGE_SIZE, before),
    signal,
  });
}

/** The people waiting for the viewer's answer, newest first, and how many wait. */
export const followRequestsQueryOptions = infiniteQueryOptions({
  queryKey: userKeys.followRequests(),
  queryFn: ({ pageParam, signal }) => getFollowRequests(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: FollowRequestPage) =>
    last.requests.length < PAGE_SIZE ? undefined : last.requests.at(-1)?.id,
});

export function useFollowRequests() {
  return useInfiniteQuery(followRequestsQueryOptions);
}

export type FollowRequestAction = 'approve' | 'decline';

/** POST /api/follow-requests/{id}/approve or /decline. */
export function answerFollowRequest(
  requesterId: string,
  action: FollowRequestAction,
): Promise<FollowRequestAnswer> {
  return api.post<FollowRequestAnswer>(
    `/follow-requests/${encodeURIComponent(requesterId)}/${action}`,
  );
}

type RequestPages = InfiniteData<FollowRequestPage, string | undefined>;

/**
 * Approve or Decline: the request leaves the list at once; the server's count replaces the
 * shown one, and a failure brings the list back as the server has it.
 */
export function useAnswerFollowRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requesterId, action }: { requesterId: string; action: FollowRequestAction }) =>
      answerFollowRequest(requesterId, action),
    onMutate: async ({ requesterId }) => {
      await queryClient.cancelQueries({ queryKey: userKeys.followRequests() });
      queryClient.setQueryData<RequestPages>(userKeys.followRequests(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                pending: Math.max(0, page.pending - 1),
                requests: page.requests.filter((request) => request.id !== requesterId),
              })),
            }
          : data,
      );
    },
    onSuccess: (answer, { action }) => {
      toast({
        title: action === 'approve' ? 'Follow request approved' : 'Follow request declined',
      });
      queryClient.setQueryData<RequestPages>(userKeys.followRequests(), (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, pending: answer.pending })) }
          : data,
      );
    },
    onError: () => {
      toast({
        title: 'Error',
        description: 'Failed to answer the follow request',
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: userKeys.followRequests() });
    },
    onSettled: () => refresh(queryClient, refreshes.followRequestAnswered()),
  });
}
