/**
 * What the database tells on the channel encore_live (migration 0050), read back: which
 * person's page should hear what, or which session ended.
 */
import { createHash } from 'node:crypto';

export const LIVE_CHANNEL = 'encore_live';

export type Heard =
  /** Their notices or follow requests changed. */
  | { kind: 'notices'; userId: string }
  /** A review reached their Following timeline. */
  | { kind: 'timeline'; userId: string; reviewId: string }
  /** A signed-in session ended: its streams close. */
  | { kind: 'session-ended'; sessionKey: string };

/** How a session is named on the channel: never its sid, which would sign anyone in. */
export const sessionKeyOf = (sid: string) => createHash('sha256').update(sid).digest('hex');

export function parseHeard(payload: string): Heard | undefined {
  const [kind, first, second] = payload.split(':');
  if (kind === 'n' && first) return { kind: 'notices', userId: first };
  if (kind === 't' && first && second) return { kind: 'timeline', userId: first, reviewId: second };
  if (kind === 'x' && first) return { kind: 'session-ended', sessionKey: first };
  return undefined;
}
