/**
 * API answers travel compressed when they are worth it and the browser accepts it, and
 * they still read as the same JSON.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { daysFromToday } from '../db/seed/factories.ts';
import { useTestApp } from '../testing/use-test-app.ts';

const server = useTestApp({ env: { RESPONSE_CACHE_SECONDS: '30' } });
const { create } = server;

beforeAll(async () => {
  for (let day = 1; day <= 12; day++) await create.concert({ date: daysFromToday(day) });
});

// Raw inject: compression is the transport's, read from the bytes as sent.
const read = (url: string, acceptEncoding?: string) =>
  server.app.inject({
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('API compression', () => {
  it('sends a concert list in Brotli, or gzip, as the browser accepts', async () => {
    const plain = await read('/api/concerts');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await read('/api/concerts', 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzip = await read('/api/concerts', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const small = await read('/api/user', 'br');
    expect(small.statusCode).toBe(401);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveProperty('message');
  });

  it('keeps answering a cached read with a 304 when its tag matches', async () => {
    const first = await read('/api/concerts', 'br');
    const again = await server.app.inject({
      url: '/api/concerts',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
