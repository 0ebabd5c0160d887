/** Web push's settings (config.ts: VAPID_*, PUSH_*), apart so the config can name them. */
export interface PushSettings {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; unset, a pair is made once and kept in app_secrets. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who push services may contact about our pushes (VAPID_SUBJECT): a mailto: or https: URL. */
  vapidSubject: string;
  /** Devices one person may keep (PUSH_DEVICES_PER_USER). */
  devicesPerUser: number;
  /** Origins a subscription's endpoint may have although not https or not public (tests). */
  endpointAllowlist: readonly string[];
  /** How long one push service may take to answer one push. */
  sendTimeoutMs: number;
}
