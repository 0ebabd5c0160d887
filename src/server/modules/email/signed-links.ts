/**
 * Links in mail that act without a session (verify an address, unsubscribe): the token
 * carries what it is for and is signed with HMAC-SHA256. The key of each purpose is derived
 * (HKDF) from one root secret kept in app_secrets, so every app and worker process signs and
 * checks alike without configuration, and a token made for one purpose is worthless for
 * another. Being signed says the token is ours; being used once is the caller's to keep.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { getOrCreateSecret } from '#server/auth/provider/app-secrets.ts';
import type { Database } from '#server/db/index.ts';

export type LinkPurpose = 'verify-email' | 'unsubscribe';

const ROOT_SECRET_NAME = 'mail-links';
const roots = new WeakMap<Database, Promise<Buffer>>();

function rootSecret(db: Database): Promise<Buffer> {
  let root = roots.get(db);
  if (!root) {
    root = getOrCreateSecret(db, ROOT_SECRET_NAME, () => randomBytes(32).toString('base64url'))
      .then((value) => Buffer.from(value, 'base64url'))
      .catch((error: unknown) => {
        roots.delete(db);
        throw error;
      });
    roots.set(db, root);
  }
  return root;
}

async function purposeKey(db: Database, purpose: LinkPurpose): Promise<Buffer> {
  const root = await rootSecret(db);
  return Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), `encore mail link: ${purpose}`, 32));
}

const envelopeSchema = z.object({ p: z.string(), x: z.number().int() });

/** `<payload>.<signature>`, both base64url; the payload is JSON with its purpose and expiry. */
export async function signLink(
  db: Database,
  purpose: LinkPurpose,
  payload: Record<string, string>,
  expiresAt: Date,
): Promise<string> {
  const body = Buffer.from(
    JSON.stringify({ ...payload, p: purpose, x: Math.floor(expiresAt.getTime() / 1000) }),
  ).toString('base64url');
  const mac = createHmac('sha256', await purposeKey(db, purpose))
    .update(body)
    .digest('base64url');
  return `${body}.${mac}`;
}

export type LinkCheck<T> = { ok: true; payload: T } | { ok: false; reason: 'invalid' | 'expired' };

/** The payload of a token signed for this purpose and not expired. */
export async function checkLink<T>(
  db: Database,
  purpose: LinkPurpose,
  token: string,
  schema: z.ZodType<T>,
  now = new Date(),
): Promise<LinkCheck<T>> {
  const [body, mac, ...rest] = token.split('.');
  if (!body || !mac || rest.length > 0) return { ok: false, reason: 'invalid' };
  const expected = createHmac('sha256', await purposeKey(db, purpose))
    .update(body)
    .digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const envelope = envelopeSchema.safeParse(json);
  const payload = schema.safeParse(json);
  if (!envelope.success || !payload.success || envelope.data.p !== purpose) {
    return { ok: false, reason: 'invalid' };
  }
  if (envelope.data.x * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, payload: payload.data };
}
