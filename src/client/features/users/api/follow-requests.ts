import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { FollowRequestAnswer, FollowRequestPage } from '#shared/schemas/users';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, readJson } from '../../../lib/api';
import { userKeys } from './keys';

/** Requests shown on the Notifications page at a time. */
const PAGE_SIZE = 20;

export async function getFollowRequests(before?: string): Promise<FollowRequestPage> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (before) params.set('before', before);
  return readJson<FollowRequestPage>(await apiRequest('GET', `/api/follow-requests?${params}`));
}

/** The people waiting for the viewer's answer, newest first, and how many wait. */
export function useFollowRequests() {
  return useInfiniteQuery({
    queryKey: userKeys.followRequests(),
    queryFn: ({ pageParam }) => getFollowRequests(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) =>
      last.requests.length < PAGE_SIZE ? undefined : last.requests.at(-1)?.id,
  });
}

export type FollowRequestAction = 'approve' | 'decline';

export async function answerFollowRequest(
  requesterId: string,
  action: FollowRequestAction,
): Promise<FollowRequestAnswer> {
  const url = `/api/follow-requests/${encodeURIComponent(requesterId)}/${action}`;
  return readJson<FollowRequestAnswer>(await apiRequest('POST', url));
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
    // The viewer's followers and profile numbers moved.
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: userKeys.all,
        predicate: (query) => query.queryKey[1] !== 'follow-requests',
      }),
  });
}
