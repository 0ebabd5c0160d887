import { z } from 'zod';

/** Longest endpoint accepted: push services' addresses are a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 2048;
const base64Url = /^[\w-]+={0,2}$/;

/** A browser's PushSubscription as JSON (PushSubscription.toJSON()). */
export const pushSubscriptionBodySchema = z
  .object({
    endpoint: z
      .string({ error: 'endpoint is required' })
      .max(PUSH_ENDPOINT_MAX, `endpoint is at most ${PUSH_ENDPOINT_MAX} characters`)
      .pipe(z.url({ error: 'endpoint must be a URL' })),
    expirationTime: z.number().nullable().optional(),
    keys: z.object(
      {
        p256dh: z
          .string({ error: 'keys.p256dh is required' })
          .min(80, 'keys.p256dh must be a P-256 public key (base64url)')
          .max(100, 'keys.p256dh must be a P-256 public key (base64url)')
          .regex(base64Url, 'keys.p256dh must be base64url'),
        auth: z
          .string({ error: 'keys.auth is required' })
          .min(16, 'keys.auth must be a 16-byte secret (base64url)')
          .max(32, 'keys.auth must be a 16-byte secret (base64url)')
          .regex(base64Url, 'keys.auth must be base64url'),
      },
      { error: 'keys is required' },
    ),
  })
  .meta({ id: 'PushSubscriptionBody' });
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** One of a person's devices, as "Your devices" lists it. */
export const pushDeviceSchema = z
  .object({
    id: z.uuid(),
    deviceLabel: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'PushDevice' });
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushKeySchema = z.object({ publicKey: z.string() }).meta({ id: 'PushKey' });
export type PushKey = z.infer<typeof pushKeySchema>;

/**
 * What a push carries (the service worker shows it): the notice's words, its page, and a
 * tag (the notice's id) under which a later push of the same notice replaces this one.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
