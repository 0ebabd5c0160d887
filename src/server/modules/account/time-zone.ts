/**
 * A person's clock: their Settings time zone, read where their "today" matters. Apart from
 * the rest of the account (its export reads reviews, whose writes ask for today).
 */
import type { Database, Tx } from '#server/db/index.ts';
import { todayIn } from '#server/lib/dates.ts';
import { selectTimeZone } from './queries/settings.ts';

/**
 * Today on the person's clock: the day in their Settings time zone, or the UTC day until
 * they save one. What decides their "Did you go?", which shows they may mark as seen or
 * review, and where their calendar feed's upcoming shows begin.
 */
export async function todayOfPerson(db: Database | Tx, userId: string): Promise<string> {
  return todayIn(await selectTimeZone(db, userId));
}
