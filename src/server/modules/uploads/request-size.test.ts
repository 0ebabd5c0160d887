/**
 * An upload request stops being read at its limit: the 413 comes back, and the connection
 * closes, long before a large body has been sent. A body that ends before its files do is
 * a 400, and nothing of it is kept. Bodies go over a raw socket, so the test sees how much
 * of it the server took before it answered.
 */
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import net from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { uploads } from '#server/db/schema.ts';
import { createUser } from '#server/db/seed/factories.ts';
import { sessionCookieFor } from '#server/testing/api-client.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const MB = 1024 * 1024;
/** The app's log lines at warn and above, parsed. */
const logged: { level: number; msg: string }[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      logged.push(JSON.parse(line) as { level: number; msg: string });
    }
    done();
  },
});
const PINO_ERROR = 50;
// Lowered from 60 MB so that files within their own 10 MB limit can overrun it.
const server = useTestApp({
  env: { UPLOAD_REQUEST_MAX_MB: '20', LOG_LEVEL: 'warn' },
  deps: { logStream: capture },
});

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
  options: { chunked: boolean; hangUp?: boolean },
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
  // A sender that gives up: no more bytes will come, whatever length was declared.
  if (options.hangUp) socket.end();
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

async function headersOfSomeone(user?: { id: string }): Promise<Record<string, string>> {
  user ??= await createUser(server.db());
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

/** How long a refused request's half-received files may take to go, on a busy machine. */
const INCOMING_CLEARED_MS = 10_000;

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
    // The files received before the refusal go too, once their writes end (a busy machine
    // takes its time): nothing half-received stays on disk.
    await vi.waitFor(
      async () => expect(await readdir(server.app.fileStore.incomingDir)).toEqual([]),
      { timeout: INCOMING_CLEARED_MS },
    );
  });
});

/** A PNG's first bytes and then more, cut off before its part (and the body) ends. */
function* cutOffMultipart(options: { closing: boolean }): Generator<Buffer> {
  yield Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="cut.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  yield Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  yield randomBytes(64 * 1024);
  if (options.closing) yield Buffer.from(`\r\n--${BOUNDARY}`);
}

const byteLength = (chunks: Iterable<Buffer>) =>
  [...chunks].reduce((sum, chunk) => sum + chunk.length, 0);

describe('an upload request cut off before its files end', () => {
  /** Nothing of the person's upload is kept: no row, no file, nothing half-received. */
  async function expectNothingKept(userId: string) {
    expect(await server.db().select().from(uploads).where(eq(uploads.userId, userId))).toEqual([]);
    expect(await server.app.fileStore.keys()).toEqual([]);
    await vi.waitFor(
      async () => expect(await readdir(server.app.fileStore.incomingDir)).toEqual([]),
      { timeout: INCOMING_CLEARED_MS },
    );
  }

  it('answers 400 when the body ends without its closing boundary, and logs no error', async () => {
    const user = await createUser(server.db());
    const headers = await headersOfSomeone(user);
    for (const closing of [false, true]) {
      const length = byteLength(cutOffMultipart({ closing }));
      const sent = await send(
        // Read to its end, the request may keep its connection: this one asks not to.
        { ...headers, 'content-length': String(length), connection: 'close' },
        cutOffMultipart({ closing }),
        { chunked: false },
      );
      expect(sent.response.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
      expect(sent.response).toContain('"message":"The upload ended before its files did"');
    }
    await expectNothingKept(user.id);
    expect(logged.filter((line) => line.level >= PINO_ERROR)).toEqual([]);
  });

  it('keeps nothing and logs no error when the sender hangs up before the declared length', async () => {
    const user = await createUser(server.db());
    const sent = await send(
      { ...(await headersOfSomeone(user)), 'content-length': String(5 * MB) },
      cutOffMultipart({ closing: false }),
      { chunked: false, hangUp: true },
    );
    // Whoever still listens is told why; no one may be, and the answer may not get through.
    if (sent.response) {
      expect(sent.response.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    }
    await expectNothingKept(user.id);
    expect(logged.filter((line) => line.level >= PINO_ERROR)).toEqual([]);
  });
});
