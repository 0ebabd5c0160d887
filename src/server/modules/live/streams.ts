/**
 * The event streams open on this instance (GET /api/events), by person and by session. What
 * the database tells (heard.ts) goes to the streams of the person it concerns; a comment
 * line every heartbeat keeps idle streams open through proxies (HAProxy closes a response
 * silent for its `timeout server`) and finds the ones whose reader has gone.
 */
import type { ServerResponse } from 'node:http';
import { LIVE_EVENTS, type LiveEventName } from '#shared/live-events';
import type { Heard } from './heard.ts';

export interface LiveSettings {
  /** Streams one person may hold open on one instance (tabs, devices); the next is refused. */
  streamsPerPerson: number;
  /** How often an idle stream gets a comment line. */
  heartbeatMs: number;
}

/** How long a page waits before it connects again after a lost stream. */
const RECONNECT_AFTER_MS = 5_000;

export class LiveStream {
  constructor(
    readonly userId: string,
    readonly sessionKey: string,
    private readonly response: ServerResponse,
  ) {}

  send(event: LiveEventName, data: object = {}): void {
    // The id is when it was sent: a page that comes back hears what it missed since.
    this.#write(`id: ${Date.now()}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  heartbeat(): void {
    this.#write(':\n\n');
  }

  close(): void {
    if (!this.response.writableEnded) this.response.end();
  }

  #write(text: string) {
    if (!this.response.writableEnded) this.response.write(text);
  }
}

export class LiveStreams {
  readonly #byPerson = new Map<string, Set<LiveStream>>();
  readonly #bySession = new Map<string, Set<LiveStream>>();
  #heartbeat: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(private readonly settings: LiveSettings) {}

  /** Whether the server is shutting down: it opens no more streams. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Whether the person may open another stream here. */
  hasRoomFor(userId: string): boolean {
    return (this.#byPerson.get(userId)?.size ?? 0) < this.settings.streamsPerPerson;
  }

  /**
   * Starts the event stream on `response`, already taken from the framework, and keeps it
   * until either side closes it.
   */
  open(userId: string, sessionKey: string, response: ServerResponse): LiveStream {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // Proxies that buffer answers (nginx) pass this one on as it is written.
      'x-accel-buffering': 'no',
    });
    response.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
    const stream = new LiveStream(userId, sessionKey, response);
    add(this.#byPerson, userId, stream);
    add(this.#bySession, sessionKey, stream);
    response.on('close', () => {
      remove(this.#byPerson, userId, stream);
      remove(this.#bySession, sessionKey, stream);
      if (this.#byPerson.size === 0) this.#stopHeartbeat();
    });
    this.#startHeartbeat();
    return stream;
  }

  hear(heard: Heard): void {
    switch (heard.kind) {
      case 'notices':
        for (const stream of this.#byPerson.get(heard.userId) ?? [])
          stream.send(LIVE_EVENTS.notices);
        return;
      case 'timeline':
        for (const stream of this.#byPerson.get(heard.userId) ?? [])
          stream.send(LIVE_EVENTS.timeline, { reviewId: heard.reviewId });
        return;
      case 'session-ended':
        for (const stream of this.#bySession.get(heard.sessionKey) ?? []) stream.close();
        return;
    }
  }

  /** Something may have been missed (the database connection came back): every page reads its notices again. */
  mayHaveMissed(): void {
    for (const streams of this.#byPerson.values())
      for (const stream of streams) stream.send(LIVE_EVENTS.notices);
  }

  /** How many streams are open here. */
  get size(): number {
    let count = 0;
    for (const streams of this.#byPerson.values()) count += streams.size;
    return count;
  }

  closeAll(): void {
    this.#closed = true;
    for (const streams of this.#byPerson.values()) for (const stream of streams) stream.close();
    this.#stopHeartbeat();
  }

  #startHeartbeat() {
    if (this.#heartbeat) return;
    this.#heartbeat = setInterval(() => {
      for (const streams of this.#byPerson.values())
        for (const stream of streams) stream.heartbeat();
    }, this.settings.heartbeatMs);
    this.#heartbeat.unref();
  }

  #stopHeartbeat() {
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }
}

function add(map: Map<string, Set<LiveStream>>, key: string, stream: LiveStream) {
  const streams = map.get(key) ?? new Set<LiveStream>();
  streams.add(stream);
  map.set(key, streams);
}

function remove(map: Map<string, Set<LiveStream>>, key: string, stream: LiveStream) {
  const streams = map.get(key);
  if (!streams) return;
  streams.delete(stream);
  if (streams.size === 0) map.delete(key);
}
