import { useState } from 'react';
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

/**
 * docs/product.md §4 "Follow toggle", optimistic: the button (and a shown follower count) change at once,
 * go back if the server refuses, and take the server's answer when it comes. Fresh data from
 * the server replaces the kept state once nothing is pending. Pressed while following or
 * while a request waits, it unfollows or withdraws.
 */
export function useFollowToggle(userId: string, server: FollowView) {
  const [shown, setShown] = useState<FollowView | null>(null);
  const [before, setBefore] = useState<FollowView | null>(null);
  const current = shown ?? server;
  const mutation = useFollowMutation(userId, {
    onOptimistic: (follow) => {
      setBefore(current);
      const asks = follow && current.asksFirst === true;
      // Only a follow made or taken away moves the count; a request or its withdrawal does not.
      const step = asks || (!follow && !current.isFollowing) ? 0 : follow ? 1 : -1;
      setShown({
        ...current,
        isFollowing: follow && !asks,
        requested: asks,
        followers:
          current.followers === undefined ? undefined : Math.max(0, current.followers + step),
      });
    },
    onRollback: () => setShown(before),
    onDone: (answer) =>
      setShown({
        ...current,
        isFollowing: answer.isFollowing,
        requested: answer.requested,
        followers: current.followers === undefined ? undefined : answer.followers,
      }),
  });
  const [seen, setSeen] = useState(server);
  if (
    (seen.isFollowing !== server.isFollowing ||
      seen.requested !== server.requested ||
      seen.asksFirst !== server.asksFirst ||
      seen.followers !== server.followers) &&
    !mutation.isPending
  ) {
    setSeen(server);
    setShown(null);
  }
  const active = current.isFollowing || current.requested === true;
  return {
    isFollowing: current.isFollowing,
    requested: current.requested === true,
    followers: current.followers,
    isPending: mutation.isPending,
    toggle: () => mutation.mutate(!active),
  };
}
