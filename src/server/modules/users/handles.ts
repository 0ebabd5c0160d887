/**
 * Every account gets a username at its first sign-in, made from its name, so no two
 * people show the same handle and no profile address is an id. People may change it later.
 */
import { randomInt } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Database, Tx } from '#server/db/index.ts';
import { users } from '#server/db/schema.ts';
import { USERNAME_MAX, USERNAME_MIN } from '#shared/limits';

/** Room kept after the base for a number that tells two namesakes apart ("-12345"). */
const SUFFIX_ROOM = 6;
/** Namesakes tried in order (ada-lovelace, ada-lovelace-2, …) before a random number. */
const NUMBERED_TRIES = 20;

/** "Zoë Ångström-Lee" → "zoe-angstrom-lee"; "" when nothing usable is left. */
export function usernameBase(...parts: (string | null | undefined)[]): string {
  const words = parts
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const room = USERNAME_MAX - SUFFIX_ROOM;
  let base = '';
  for (const word of words) {
    const longer = base ? `${base}-${word}` : word;
    if (longer.length > room) break;
    base = longer;
  }
  // Whole words only, unless the first word alone is longer than the room.
  return base || (words[0]?.slice(0, room) ?? '');
}

export interface HandleSource {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  email?: string | null | undefined;
}

function baseFor(source: HandleSource): string {
  const fromName = usernameBase(source.firstName, source.lastName);
  if (fromName.length >= USERNAME_MIN) return fromName;
  const fromEmail = usernameBase(source.email?.split('@')[0]);
  if (fromEmail.length >= USERNAME_MIN) return fromEmail;
  return fromName ? `${fromName}-fan` : 'fan';
}

export const randomHandle = (base: string) => `${base}-${randomInt(10_000, 100_000)}`;

/**
 * The first free one of base, base-2 … base-20, else base with a random number. Two
 * sign-ups racing for the same name are settled by the unique index: the caller tries
 * again with `randomHandle`.
 */
export async function freeUsername(db: Database | Tx, source: HandleSource): Promise<string> {
  const base = baseFor(source);
  const candidates = [
    base,
    ...Array.from({ length: NUMBERED_TRIES - 1 }, (_, i) => `${base}-${i + 2}`),
  ];
  const taken = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(users.username, candidates));
  const takenNames = new Set(taken.map((row) => row.username));
  return candidates.find((name) => !takenNames.has(name)) ?? randomHandle(base);
}
