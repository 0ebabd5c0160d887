/**
 * The VAPID key pair that signs our pushes (push services tell senders apart by it, and a
 * browser's subscription is bound to its public key). Set in the environment, or made once
 * and kept in app_secrets, shared by every instance and worker. The private key is never
 * logged nor answered.
 */
import webpush from 'web-push';
import type { Database } from '#server/db/index.ts';
import { getOrCreateSecret } from '#server/auth/provider/app-secrets.ts';
import type { PushSettings } from './settings.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const stored = new WeakMap<Database, Promise<VapidKeys>>();

export function vapidKeys(db: Database, settings: PushSettings): Promise<VapidKeys> {
  if (settings.vapidKeys) return Promise.resolve(settings.vapidKeys);
  let keys = stored.get(db);
  if (!keys) {
    keys = getOrCreateSecret<VapidKeys>(db, 'vapid-keys', () => {
      const made = webpush.generateVAPIDKeys();
      return { publicKey: made.publicKey, privateKey: made.privateKey };
    });
    keys.catch(() => stored.delete(db));
    stored.set(db, keys);
  }
  return keys;
}
