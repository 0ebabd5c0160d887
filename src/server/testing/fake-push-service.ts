/**
 * A push service for tests, a real HTTP server: it takes pushes as browsers' push services
 * do (POST to a subscription's endpoint), decrypts each aes128gcm payload with the "browser"
 * keys it made for that subscription (RFC 8291 over RFC 8188), and records what it read.
 * Each endpoint answers 201, or the statuses queued for it (410, 429, ...) first.
 *
 *   const push = await startFakePushService();
 *   const device = push.newSubscription();   // POST device.body to /api/push/subscriptions
 *   await vi.waitFor(() => expect(push.received(device)).toHaveLength(1));
 */
import { createECDH, createDecipheriv, createHmac, randomBytes, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

export interface FakeSubscription {
  endpoint: string;
  /** The browser's PushSubscription.toJSON(). */
  body: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface FakePushService {
  /** The origin to put in PUSH_ENDPOINT_ALLOWLIST. */
  readonly origin: string;
  newSubscription(): FakeSubscription;
  /** The pushes this subscription took (answered 2xx), oldest first. */
  received(subscription: FakeSubscription): ReceivedPush[];
  /** Requests that reached this subscription's endpoint, whatever they were answered. */
  attempts(subscription: FakeSubscription): number;
  /** The next answers of this endpoint, before it goes back to 201. */
  answerNext(subscription: FakeSubscription, ...statuses: number[]): void;
  close(): Promise<void>;
}

interface Device {
  ecdh: ECDH;
  auth: Buffer;
  answers: number[];
  received: ReceivedPush[];
  attempts: number;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: one record, the last (padding delimiter 2). */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const receiverPublic = ecdh.getPublicKey();
  const sharedSecret = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    receiverPublic,
    senderPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(authSecret, sharedSecret), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not the last record of an aes128gcm body');
  return padded.subarray(0, end);
}

export async function startFakePushService(): Promise<FakePushService> {
  const devices = new Map<string, Device>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const device = devices.get(request.url ?? '');
      if (!device || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      device.attempts += 1;
      const status = device.answers.shift() ?? 201;
      if (status >= 200 && status < 300) {
        const plain = decryptAes128gcm(Buffer.concat(chunks), device.ecdh, device.auth);
        device.received.push({
          endpoint: `${origin}${request.url}`,
          payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
          headers: request.headers,
        });
      }
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const deviceOf = (subscription: FakeSubscription) => {
    const device = devices.get(new URL(subscription.endpoint).pathname);
    if (!device) throw new Error(`no such subscription: ${subscription.endpoint}`);
    return device;
  };
  return {
    origin,
    newSubscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(12).toString('hex')}`;
      devices.set(path, { ecdh, auth, answers: [], received: [], attempts: 0 });
      const endpoint = `${origin}${path}`;
      return {
        endpoint,
        body: {
          endpoint,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: auth.toString('base64url'),
          },
        },
      };
    },
    received: (subscription) => deviceOf(subscription).received,
    attempts: (subscription) => deviceOf(subscription).attempts,
    answerNext(subscription, ...statuses) {
      deviceOf(subscription).answers.push(...statuses);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
