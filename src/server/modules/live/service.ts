import type { ServerResponse } from 'node:http';
import { LIVE_EVENTS } from '#shared/live-events';
import { HttpError } from '#server/http-error.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { sessionKeyOf } from './heard.ts';
import { missedSince } from './queries.ts';
import type { LiveStreams } from './streams.ts';

/**
 * A page that comes back asks for what it missed from the id of the last event it heard;
 * reviews reach a timeline some seconds after they are written (their fan-out job), so the
 * look back starts this much earlier, and the page drops what it already has.
 */
const LOOK_BACK_MS = 5 * 60_000;
/** A page asks for at most a day back; longer away, it reads everything again anyway. */
const LONGEST_AWAY_MS = 24 * 60 * 60_000;

/** Refuses a stream past the person's limit, or while shutting down, before the response is taken over. */
export function checkRoomForStream(streams: LiveStreams, ctx: SignedInContext): void {
  // The page connects again, to an instance still running.
  if (streams.closed) throw new HttpError(503, 'This server is restarting: connect again', 5);
  if (!streams.hasRoomFor(ctx.viewerId)) {
    throw new HttpError(
      429,
      'Too many live streams open for this account: close another Encore tab',
      30,
    );
  }
}

/**
 * Opens the person's event stream on `response` and tells them at once what they missed
 * since `lastEventId` (a time in ms; anything else, or nothing, means a first visit).
 */
export async function openLiveStream(
  streams: LiveStreams,
  ctx: SignedInContext,
  sid: string,
  response: ServerResponse,
  lastEventId: string | undefined,
): Promise<void> {
  const stream = streams.open(ctx.viewerId, sessionKeyOf(sid), response);
  const lastHeard = Number(lastEventId);
  if (!lastEventId || !Number.isSafeInteger(lastHeard)) return;
  const since = new Date(Math.max(lastHeard - LOOK_BACK_MS, Date.now() - LONGEST_AWAY_MS));
  try {
    const missed = await missedSince(ctx.db, ctx.viewerId, since);
    if (missed.notices) stream.send(LIVE_EVENTS.notices);
    for (const reviewId of missed.reviewIds.reverse())
      stream.send(LIVE_EVENTS.timeline, { reviewId });
  } catch (error) {
    // The stream stays: what comes next still arrives, and the page reads its lists anyway.
    ctx.log.warn({ err: error }, 'live stream could not catch up');
  }
}
