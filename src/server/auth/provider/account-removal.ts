/**
 * When a person deletes their Encore account, the embedded provider forgets them too: the
 * local account (so the e-mail can sign up again) and every grant, session and token it
 * issued to it. Runs inside the deletion's transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/index.ts';
import { localAccounts, oidcPayloads } from '#server/db/schema.ts';

export async function removeLocalAccountOfUser(tx: Tx, userId: string): Promise<void> {
  const removed = await tx
    .delete(localAccounts)
    .where(eq(localAccounts.userId, userId))
    .returning({ id: localAccounts.id });
  for (const { id } of removed) {
    // Grants, sessions and tokens name their account in the payload; tokens of a grant
    // carry its grantId too. Rare enough that a scan of the (swept) table is fine.
    await tx.delete(oidcPayloads).where(
      sql`${oidcPayloads.payload}->>'accountId' = ${id}
          OR ${oidcPayloads.grantId} IN (
            SELECT p.id FROM ${oidcPayloads} AS p
             WHERE p.kind = 'Grant' AND p.payload->>'accountId' = ${id})`,
    );
  }
}
