import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { USER_LIST_MAX } from '#shared/limits';
import type { MutedPerson, MuteState } from '#shared/schemas/moderation';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, getJson, readJson, serverMessage } from '../../../lib/api';
import { getPage, pageSearch, pagesBeforeLastId } from '../../../lib/pages';
import { FRESH_FOR_MS } from '../../../lib/query';
import { userKeys } from './keys';

const muteUrl = (userId: string) => `/api/users/${encodeURIComponent(userId)}/mute`;

/** GET /api/users/{id}/mute: whether the viewer muted this person (only they can know). */
export function useMuteState(userId: string) {
  return useQuery({
    queryKey: userKeys.mute(userId),
    queryFn: getJson<MuteState>(muteUrl(userId)),
    staleTime: FRESH_FOR_MS.own,
  });
}

/**
 * POST (mute) or DELETE (unmute) /api/users/{id}/mute, with a toast saying what it means.
 * `onChanged` lets the page refresh what a mute changes (the Following timeline).
 */
export function useSetMuted(userId: string, name: string, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mute: boolean) =>
      readJson<MuteState>(await apiRequest(mute ? 'POST' : 'DELETE', muteUrl(userId))),
    onSuccess: (state) => {
      queryClient.setQueryData(userKeys.mute(userId), state);
      void queryClient.invalidateQueries({ queryKey: userKeys.muted() });
      toast(
        state.isMuted
          ? {
              title: `${name} muted`,
              description: 'Their reviews stay out of your Following timeline. They are not told.',
            }
          : { title: `${name} unmuted` },
      );
      onChanged?.();
    },
    onError: (error, mute) => {
      toast({
        title: mute ? 'Failed to mute' : 'Failed to unmute',
        description: serverMessage(error) ?? 'Something went wrong. Please try again.',
        variant: 'destructive',
      });
    },
  });
}

/** GET /api/users/me/mutes: the people the viewer muted, newest first, a page at a time. */
export function useMutedPeople() {
  return useInfiniteQuery({
    queryKey: userKeys.muted(),
    queryFn: ({ pageParam, signal }) =>
      getPage<MutedPerson>('/api/users/me/mutes', pageSearch(USER_LIST_MAX, pageParam), signal),
    ...pagesBeforeLastId(USER_LIST_MAX),
    staleTime: FRESH_FOR_MS.own,
  });
}
