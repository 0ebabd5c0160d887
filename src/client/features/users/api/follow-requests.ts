import type { InfiniteData } from '@tanstack/react-query';
import type { FollowRequestAnswer, FollowRequestPage } from '#shared/schemas/users';
import { api } from '#client/lib/api';
import { cachePatch, useApiMutation } from '#client/lib/api-mutation';
import { apiPages } from '#client/lib/api-query';
import { refreshes } from '#client/lib/refreshes';
import { userKeys } from './keys';

/** Requests shown on the Notifications page at a time. */
const PAGE_SIZE = 20;

/**
 * GET /api/follow-requests: the people waiting for the viewer's answer, newest first, a page
 * at a time, each page with how many wait.
 */
export const { options: followRequestsQueryOptions, use: useFollowRequests } = apiPages<
  FollowRequestPage['requests'][number],
  [],
  FollowRequestPage
>({
  key: userKeys.followRequests,
  path: () => '/follow-requests',
  limit: PAGE_SIZE,
  itemsOf: (page) => page.requests,
});

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

/** Each page of the cached requests, changed by `change`. */
const eachPage =
  (change: (page: FollowRequestPage) => FollowRequestPage) =>
  (data: RequestPages): RequestPages => ({ ...data, pages: data.pages.map(change) });

/**
 * Approve or Decline: the request leaves the list at once; the server's count replaces the
 * shown one, and a failure brings the list back as the server has it.
 */
export function useAnswerFollowRequest() {
  return useApiMutation({
    send: ({ requesterId, action }: { requesterId: string; action: FollowRequestAction }) =>
      answerFollowRequest(requesterId, action),
    refreshes: () => refreshes.followRequestAnswered(),
    optimistic: ({ requesterId }) => [
      cachePatch<RequestPages>(
        userKeys.followRequests(),
        eachPage((page) => ({
          pending: Math.max(0, page.pending - 1),
          requests: page.requests.filter((request) => request.id !== requesterId),
        })),
      ),
    ],
    answered: (answer) => [
      cachePatch<RequestPages>(
        userKeys.followRequests(),
        eachPage((page) => ({ ...page, pending: answer.pending })),
      ),
    ],
    succeeded: (_answer, { action }) => ({
      title: action === 'approve' ? 'Follow request approved' : 'Follow request declined',
    }),
    failed: () => ({
      title: 'Error',
      description: 'Failed to answer the follow request',
      variant: 'destructive',
    }),
    pendingUntilRefreshed: true,
  });
}
