import { useState } from 'react';
import { useFollowMutation } from '../api/follow-user';

interface FollowView {
  isFollowing: boolean;
  /** The person's follower count, where the caller shows it. */
  followers?: number;
}

/**
 * docs/product.md §4 "Follow toggle", optimistic: the button (and a shown follower count) change at
 * once, go back if the server refuses, and take the server's answer when it comes. Fresh data from
 * the server replaces the kept state once nothing is pending.
 */
export function useFollowToggle(userId: string, server: FollowView) {
  const [shown, setShown] = useState<FollowView | null>(null);
  const [before, setBefore] = useState<FollowView | null>(null);
  const current = shown ?? server;
  const mutation = useFollowMutation(userId, {
    onOptimistic: (follow) => {
      setBefore(current);
      setShown({
        isFollowing: follow,
        followers:
          current.followers === undefined
            ? undefined
            : Math.max(0, current.followers + (follow ? 1 : -1)),
      });
    },
    onRollback: () => setShown(before),
    onDone: (answer) =>
      setShown({
        isFollowing: answer.isFollowing,
        followers: current.followers === undefined ? undefined : answer.followers,
      }),
  });
  const [seen, setSeen] = useState(server);
  if (
    (seen.isFollowing !== server.isFollowing || seen.followers !== server.followers) &&
    !mutation.isPending
  ) {
    setSeen(server);
    setShown(null);
  }
  return {
    isFollowing: current.isFollowing,
    followers: current.followers,
    isPending: mutation.isPending,
    toggle: () => mutation.mutate(!current.isFollowing),
  };
}
