import type { FollowState } from '#shared/schemas/users';
import { useShownAhead } from '#client/lib/optimistic-toggle';
import { useFollowMutation } from '../api/follow-user';

interface FollowView {
  isFollowing: boolean;
  /** The viewer asked this private person and waits for their answer. */
  requested?: boolean;
  /** The person is private: following them asks them first, and counts nothing yet. */
  asksFirst?: boolean;
  /** The person's follower count, where the caller shows it. */
  followers?: number;
}

/** What a follow button shows of a follow toggle, and the press that toggles it. */
export interface FollowToggle {
  isFollowing: boolean;
  requested: boolean;
  isPending: boolean;
  toggle: () => void;
}

/**
 * docs/product.md §4 "Follow toggle", optimistic: the button (and a shown follower count) change at once,
 * go back if the server refuses, and take the server's answer when it comes. Fresh data from
 * the server replaces the kept state once nothing is pending. Pressed while following or
 * while a request waits, it unfollows or withdraws.
 */
export function useFollowToggle(
  userId: string,
  server: FollowView,
): FollowToggle & { followers: number | undefined } {
  const { current, callbacks, takeServerWhenIdle } = useShownAhead<FollowView, FollowState>(
    server,
    (before, follow) => {
      const asks = follow && before.asksFirst === true;
      // Only a follow made or taken away moves the count; a request or its withdrawal does not.
      const step = asks || (!follow && !before.isFollowing) ? 0 : follow ? 1 : -1;
      return {
        ...before,
        isFollowing: follow && !asks,
        requested: asks,
        followers:
          before.followers === undefined ? undefined : Math.max(0, before.followers + step),
      };
    },
    (before, answer) => ({
      ...before,
      isFollowing: answer.isFollowing,
      requested: answer.requested,
      followers: before.followers === undefined ? undefined : answer.followers,
    }),
  );
  const mutation = useFollowMutation(userId, callbacks);
  takeServerWhenIdle(mutation.isPending);
  const active = current.isFollowing || current.requested === true;
  return {
    isFollowing: current.isFollowing,
    requested: current.requested === true,
    followers: current.followers,
    isPending: mutation.isPending,
    toggle: () => mutation.mutate(!active),
  };
}
