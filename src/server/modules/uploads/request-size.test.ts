/**
 * An upload request stops being read at its limit: the 413 comes back, and the connection
 * closes, long before a large body has been sent. Bodies go over a raw socket, so the test
 * sees how much of it the server took before it answered.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createUser } from '#server/db/seed/factories.ts';
import { sessionCookieFor } from '#server/testing/api-client.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const MB = 1024 * 1024;
// Lowered from 60 MB so that files within their own 10 MB limit can overrun it.
const server = useTestApp({ env: { UPLOAD_REQUEST_MAX_MB: '20' } });

interface Sent {
  /** Bytes the socket took: what the server read, plus what the two kernels buffer. */
  bytesWritten: number;
  response: string;
  /** Whether the server closed the connection (rather than waiting for more). */
  closed: boolean;
}

/**
 * Sends headers and then `body` a chunk at a time, as fast as the socket takes it, until the
 * whole body is sent or the server answers. `chunked` leaves the length undeclared.
 */
async function send(
  headers: Record<string, string>,
  body: Iterable<Buffer>,
  options: { chunked: boolean },
): Promise<Sent> {
  const { port } = new URL(server.url);
  const socket = net.connect(Number(port), 'localhost');
  let response = '';
  let closed = false;
  let answered = false;
  socket.on('data', (data: Buffer) => {
    response += data.toString('latin1');
    answered = true;
  });
  const ended = new Promise<void>((resolve) => {
    socket.on('close', () => {
      closed = true;
      resolve();
    });
  });
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(
    `POST /api/upload HTTP/1.1\r\nHost: localhost\r\n${head}` +
      (options.chunked ? 'Transfer-Encoding: chunked\r\n' : '') +
      '\r\n',
  );
  for (const chunk of body) {
    if (answered || closed) break;
    const framed = options.chunked
      ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
      : chunk;
    if (!socket.write(framed)) {
      await new Promise<void>((resolve) => {
        const go = () => {
          socket.off('drain', go);
          socket.off('close', go);
          resolve();
        };
        socket.on('drain', go);
        socket.on('close', go);
      });
    }
  }
  // The answer has come (or the whole body was sent): wait for the server to close.
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  const sent = { bytesWritten: socket.bytesWritten, response, closed };
  socket.destroy();
  return sent;
}

const BOUNDARY = 'encore-boundary';

/** A multipart body of `files` files of `size` bytes each, 64 KB at a time. */
function* multipart(files: number, size: number): Generator<Buffer> {
  const block = randomBytes(64 * 1024);
  for (let file = 0; file < files; file++) {
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="big-${file}.mp4"\r\n` +
        'Content-Type: video/mp4\r\n\r\n',
    );
    for (let sent = 0; sent < size; sent += block.length) yield block;
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

async function headersOfSomeone(): Promise<Record<string, string>> {
  const user = await createUser(server.db());
  return {
    cookie: await sessionCookieFor(server, user.id),
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    accept: 'application/json',
  };
}

/** The server answered 413 with `message` and closed the connection. */
function expectRefused(sent: Sent, message: string) {
  expect(sent.response.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
  expect(sent.response).toContain(`"message":"${message}"`);
  expect(sent.closed).toBe(true);
}

describe('the size of an upload request', () => {
  it('refuses a declared 300 MB at once, reading none of it', async () => {
    const headers = await headersOfSomeone();
    const sent = await send(
      { ...headers, 'content-length': String(300 * MB) },
      multipart(1, 300 * MB),
      { chunked: false },
    );
    expectRefused(sent, 'An upload request carries at most 20 MB');
    expect(sent.response.toLowerCase()).toContain('connection: close');
    // What the two kernels' buffers took (about 4 MB here), not the 300 MB.
    expect(sent.bytesWritten).toBeLessThan(16 * MB);
  });

  it('stops reading a 300 MB file sent without a length at its own 10 MB limit', async () => {
    const sent = await send(await headersOfSomeone(), multipart(1, 300 * MB), { chunked: true });
    expectRefused(sent, 'big-0.mp4 is larger than 10 MB');
    expect(sent.bytesWritten).toBeLessThan(30 * MB);
  });

  it('stops reading at UPLOAD_REQUEST_MAX_MB when files within their limit add up past it', async () => {
    const sent = await send(await headersOfSomeone(), multipart(5, 9 * MB), { chunked: true });
    expectRefused(sent, 'An upload request carries at most 20 MB');
    // 45 MB were on their way; the server stopped at 20 and the kernels hold a little.
    expect(sent.bytesWritten).toBeLessThan(40 * MB);
  });
});
