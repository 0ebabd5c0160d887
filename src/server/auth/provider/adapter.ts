/**
 * oidc-provider's storage adapter on the `oidc_payloads` table: grants, sessions,
 * interactions, codes and tokens survive restarts and are shared between instances.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { isCleanText } from '#shared/schemas/common';
import type { Database } from '#server/db/index.ts';
import { oidcPayloads } from '#server/db/schema.ts';

const live = () => sql`(${oidcPayloads.expiresAt} IS NULL OR ${oidcPayloads.expiresAt} > now())`;

export function databaseAdapterFactory(db: Database) {
  return class DatabaseAdapter implements Adapter {
    constructor(readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const values = {
        id,
        kind: this.kind,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values(values)
        .onConflictDoUpdate({ target: [oidcPayloads.kind, oidcPayloads.id], set: values });
    }

    private async findWhere(condition: ReturnType<typeof eq>, key: string) {
      // Lookup keys come from requests; one that no stored row can hold (a NUL, a lone
      // surrogate) is simply not found, rather than a database error.
      if (!isCleanText(key)) return undefined;
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.kind, this.kind), condition, live()))
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt
        ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
        : payload;
    }

    find(id: string) {
      return this.findWhere(eq(oidcPayloads.id, id), id);
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcPayloads.userCode, userCode), userCode);
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oidcPayloads.uid, uid), uid);
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db
        .delete(oidcPayloads)
        .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}

export async function sweepExpiredPayloads(db: Database): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
}
