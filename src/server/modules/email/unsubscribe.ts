/**
 * One-click unsubscribe (RFC 8058). Every mail one may turn off carries a link signed for
 * this purpose, naming the person, the kind of mail and a nonce. Following it (a POST,
 * without a session) turns that kind off and takes the nonce, so a used link is refused:
 * nobody can replay it later to undo the person's choice of turning the mail on again.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { UnsubscribeResult } from '#shared/schemas/email';
import type { Database } from '#server/db/index.ts';
import { OPTIONAL_MAIL_KINDS, type OptionalMailKind } from '#server/db/schema.ts';
import { badRequest } from '#server/http-error.ts';
import { takeUnsubscribeNonce, turnOffMail } from './queries.ts';
import { checkLink, signLink } from './signed-links.ts';

const unsubscribePayload = z.object({
  u: z.string(),
  k: z.enum(OPTIONAL_MAIL_KINDS),
  n: z.string(),
});

const WHAT_STOPS: Record<OptionalMailKind, string> = {
  digest: 'You will no longer get the daily digest.',
  'concert-alerts': 'You will no longer get concert alerts.',
};

/** The header's address (POST, one click) and the page's (GET, a button), of one token. */
export interface UnsubscribeLinks {
  oneClick: string;
  page: string;
}

export async function unsubscribeLinks(
  db: Database,
  options: { publicUrl: string; days: number },
  userId: string,
  kind: OptionalMailKind,
): Promise<UnsubscribeLinks> {
  const token = await signLink(
    db,
    'unsubscribe',
    { u: userId, k: kind, n: randomBytes(12).toString('base64url') },
    new Date(Date.now() + options.days * 24 * 60 * 60 * 1000),
  );
  return {
    oneClick: `${options.publicUrl}/api/unsubscribe/${token}`,
    page: `${options.publicUrl}/unsubscribe/${token}`,
  };
}

export async function unsubscribe(db: Database, token: string): Promise<UnsubscribeResult> {
  const checked = await checkLink(db, 'unsubscribe', token, unsubscribePayload);
  if (!checked.ok) {
    throw badRequest(
      checked.reason === 'expired'
        ? 'token has expired: turn this mail off in Settings'
        : 'token is not an unsubscribe link Encore sent',
    );
  }
  const { u: userId, k: kind, n: nonce } = checked.payload;
  await db.transaction(async (tx) => {
    if (!(await takeUnsubscribeNonce(tx, { nonce, userId, kind }))) {
      throw badRequest('token was already used: this mail is off');
    }
    await turnOffMail(tx, userId, kind);
  });
  return { kind, message: WHAT_STOPS[kind] };
}
