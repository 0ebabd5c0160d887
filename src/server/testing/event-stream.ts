/**
 * A server-sent event stream read over real HTTP, as a browser's EventSource reads it: its
 * events and comment lines as they arrive, and whether the server ended it.
 */
import { get, type IncomingMessage } from 'node:http';
import { expect, vi } from 'vitest';

export interface StreamEvent {
  id?: string;
  event: string;
  data: string;
}

export interface EventStreamReader {
  status: number;
  contentType: string | undefined;
  header(name: string): string | undefined;
  /** The answer's body, when it was not a stream (a refusal). */
  refusal: unknown;
  events: StreamEvent[];
  /** Comment lines (heartbeats) heard. */
  comments: number;
  /** Waits for an event of this name (and `data` check) not yet taken; answers it. */
  next(event: string, timeout?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens the stream on a connection of its own (no keep-alive pool), as a browser holds one
 * for each EventSource: closing it closes the connection, and nothing idles on after.
 */
export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStreamReader> {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    get(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } }, resolve).on(
      'error',
      reject,
    );
  });
  const reader: EventStreamReader = {
    status: response.statusCode ?? 0,
    contentType: response.headers['content-type'],
    header: (name) => {
      const value = response.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    refusal: undefined,
    events: [],
    comments: 0,
    async next(event, timeout = 5_000) {
      return vi.waitFor(
        () => {
          const index = reader.events.findIndex((each) => each.event === event);
          expect(index, `an event "${event}"`).toBeGreaterThanOrEqual(0);
          return reader.events.splice(index, 1)[0]!;
        },
        { timeout, interval: 10 },
      );
    },
    ended: new Promise((resolve) => response.on('close', resolve)),
    close: () => response.destroy(),
  };
  response.setEncoding('utf8');
  if (!reader.contentType?.startsWith('text/event-stream')) {
    let body = '';
    for await (const chunk of response) body += chunk as string;
    reader.refusal = JSON.parse(body) as unknown;
    return reader;
  }
  let buffered = '';
  response.on('data', (chunk: string) => {
    buffered += chunk;
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      readBlock(reader, buffered.slice(0, end));
      buffered = buffered.slice(end + 2);
    }
  });
  return reader;
}

function readBlock(reader: EventStreamReader, block: string) {
  const event: StreamEvent = { event: 'message', data: '' };
  let isEvent = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      reader.comments += 1;
      continue;
    }
    const [field, ...rest] = line.split(':');
    const value = rest.join(':').replace(/^ /, '');
    if (field === 'id') event.id = value;
    if (field === 'event') event.event = value;
    if (field === 'data') event.data = value;
    if (field === 'id' || field === 'event' || field === 'data') isEvent = true;
  }
  if (isEvent) reader.events.push(event);
}
