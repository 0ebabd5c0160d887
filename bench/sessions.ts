/**
 * Signing bench users in without the sign-in flow: the bench servers share one
 * SESSION_SECRET with the bench, which writes a session row for each user, shaped as
 * sign-in saves it (signedInSessionRow; Secure, since the bench servers speak for an https
 * PUBLIC_URL), and signs the cookie as the sessions plugin does.
 */
import { randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import { like } from 'drizzle-orm';
import { sessionCookieName } from '../src/server/auth/sessions.ts';
import type { Database } from '../src/server/db/index.ts';
import { sessions } from '../src/server/db/schema.ts';
import { signedInSessionRow } from '../src/server/testing/api-client.ts';

/**
 * One session row per user, its sid starting with `sidPrefix`, so a run can drop what an
 * earlier one left. Answers the sids, in the order of `users`.
 */
export async function signIn(db: Database, users: string[], sidPrefix: string): Promise<string[]> {
  const rows = users.map((userId) =>
    signedInSessionRow(userId, `${sidPrefix}${randomBytes(24).toString('base64url')}`, {
      secure: true,
    }),
  );
  await db.insert(sessions).values(rows);
  return rows.map((row) => row.sid);
}

export async function signOut(db: Database, sidPrefix: string): Promise<void> {
  await db.delete(sessions).where(like(sessions.sid, `${sidPrefix}%`));
}

/** The cookie a browser would send, signed as the sessions plugin signs it. */
export function sessionCookie(signer: Signer, sid: string): string {
  // An https PUBLIC_URL gives the cookie its __Host- name.
  return `${sessionCookieName(true)}=${encodeURIComponent(signer.sign(sid))}`;
}

/** The cookies of `sids`, signed with `sessionSecret`. */
export function sessionCookies(sessionSecret: string, sids: string[]): string[] {
  const signer = new Signer(sessionSecret);
  return sids.map((sid) => sessionCookie(signer, sid));
}

/**
 * A signed-in read of a public endpoint answers 200 even when the cookie is not taken, and
 * would then be measured as an anonymous (cached) read: ask who is signed in first.
 */
export async function checkSignedIn(appUrl: string, cookie: string, userId: string): Promise<void> {
  const response = await fetch(`${appUrl}/api/user`, {
    headers: { cookie },
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => null)) as { id?: string } | null;
  if (!response.ok || body?.id !== userId) {
    throw new Error(
      `a bench session cookie is not taken: GET /api/user answered ${response.status}`,
    );
  }
}
