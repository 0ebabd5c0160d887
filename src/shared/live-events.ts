/**
 * What GET /api/events tells an open page (a `text/event-stream`). Each event has an id, the
 * server's time in milliseconds, which a page sends back (`Last-Event-ID`, or `lastEventId`
 * in the query when it opens a new stream) to hear what it missed.
 */
export const LIVE_EVENTS = {
  /** The person's notices or follow requests changed: the badge and the list are read again. No data. */
  notices: 'notices',
  /** A review reached the person's Following timeline: data `{ "reviewId": … }`. */
  timeline: 'timeline',
} as const;

export type LiveEventName = (typeof LIVE_EVENTS)[keyof typeof LIVE_EVENTS];

export interface TimelineEventData {
  reviewId: string;
}

export const LIVE_EVENTS_PATH = '/api/events';
/** The query parameter that stands in for Last-Event-ID when a page opens a stream anew. */
export const LAST_EVENT_ID_PARAM = 'lastEventId';
