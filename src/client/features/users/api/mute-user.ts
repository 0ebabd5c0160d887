import { USER_LIST_MAX } from '#shared/limits';
import type { MutedPerson, MuteState } from '#shared/schemas/moderation';
import { api, serverMessage } from '#client/lib/api';
import { cacheSet, useApiMutation } from '#client/lib/api-mutation';
import { apiPages, apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refreshes } from '#client/lib/refreshes';
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
  return useApiMutation({
    send: (mute: boolean) => setMuted(userId, mute),
    refreshes: () => refreshes.muteChanged(),
    answered: (state) => [cacheSet<MuteState>(userKeys.mute(userId), state)],
    succeeded: (state) =>
      state.isMuted
        ? {
            title: `${name} muted`,
            description: 'Their reviews stay out of your Following timeline. They are not told.',
          }
        : { title: `${name} unmuted` },
    failed: (error, mute) => ({
      title: mute ? 'Failed to mute' : 'Failed to unmute',
      description: serverMessage(error) ?? 'Something went wrong. Please try again.',
      variant: 'destructive',
    }),
    onSuccess: () => onChanged?.(),
  });
}

/** GET /api/users/me/mutes: the people the viewer muted, newest first, a page at a time. */
export const { options: mutedPeopleQueryOptions, use: useMutedPeople } = apiPages<MutedPerson>({
  key: userKeys.muted,
  path: () => '/users/me/mutes',
  limit: USER_LIST_MAX,
  staleTime: FRESH_FOR_MS.own,
});
