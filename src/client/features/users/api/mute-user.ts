import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_LIST_MAX } from '#shared/limits';
import type { MutedPerson, MuteState } from '#shared/schemas/moderation';
import { toast } from '#client/components/ui/use-toast';
import { api, serverMessage } from '#client/lib/api';
import { apiPages, apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refresh, refreshes } from '#client/lib/refreshes';
import { userKeys } from './keys';

const mutePath = (userId: string) => `/users/${encodeURIComponent(userId)}/mute`;

/** GET /api/users/{id}/mute: whether the viewer muted this person (only they can know). */
export const { options: muteStateQueryOptions, use: useMuteState } = apiQuery<
  MuteState,
  [userId: string]
>({ key: userKeys.mute, path: mutePath, staleTime: FRESH_FOR_MS.own });

/** POST (mute) or DELETE (unmute) /api/users/{id}/mute. */
export function setMuted(userId: string, mute: boolean): Promise<MuteState> {
  return api.toggle<MuteState>(mutePath(userId), mute);
}

/**
 * Mutes or unmutes, with a toast saying what it means; the muted list and the Following
 * timeline are asked again. `onChanged` is told once it is done.
 */
export function useSetMuted(userId: string, name: string, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mute: boolean) => setMuted(userId, mute),
    onSuccess: (state) => {
      queryClient.setQueryData(userKeys.mute(userId), state);
      void refresh(queryClient, refreshes.muteChanged());
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
export const { options: mutedPeopleQueryOptions, use: useMutedPeople } = apiPages<MutedPerson>({
  key: userKeys.muted,
  path: () => '/users/me/mutes',
  limit: USER_LIST_MAX,
  staleTime: FRESH_FOR_MS.own,
});
