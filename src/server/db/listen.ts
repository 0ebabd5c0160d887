/**
 * Hearing NOTIFY on a channel of the database, on either kind. On PostgreSQL a connection of
 * its own LISTENs, and comes back after a lost connection (a restart, a failover): notices
 * sent while it was away are lost, which `onGap` says so the listener can catch up. PGlite
 * is this process's own database: its one connection hears what its own statements send.
 * Either way a notice sent in a transaction is heard when it commits, never if it rolls back.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface ChannelListener {
  onPayload(payload: string): void;
  /** Notices may have been missed (the connection was lost and is back). */
  onGap(): void;
  onError(error: unknown): void;
}

/** Starts listening; resolves to the function that stops. */
export type Listen = (channel: string, listener: ChannelListener) => Promise<() => Promise<void>>;

const RECONNECT_DELAY_MS = 1_000;

/** A channel name is written into LISTEN as it is: only plain identifiers are taken. */
function checkedChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
}

export function listenOnPostgres(pool: pg.Pool): Listen {
  return async (channel, listener) => {
    const listenStatement = `LISTEN ${checkedChannel(channel)}`;
    let current: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let stopped = false;

    const connect = async () => {
      const client = new pg.Client(pool.options);
      client.on('notification', (message) => {
        if (message.channel === channel) listener.onPayload(message.payload ?? '');
      });
      client.on('error', (error) => {
        listener.onError(error);
        lost(client);
      });
      client.on('end', () => lost(client));
      await client.connect();
      await client.query(listenStatement);
      current = client;
    };

    const lost = (client: pg.Client) => {
      if (stopped || client !== current || retry) return;
      current = undefined;
      client.end().catch(() => {});
      const reconnect = () => {
        retry = setTimeout(() => {
          connect().then(
            () => {
              retry = undefined;
              listener.onGap();
            },
            (error: unknown) => {
              listener.onError(error);
              reconnect();
            },
          );
        }, RECONNECT_DELAY_MS);
        retry.unref();
      };
      reconnect();
    };

    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await current?.end().catch(() => {});
    };
  };
}

export function listenOnPglite(pglite: PGlite): Listen {
  return async (channel, listener) => {
    const stop = await pglite.listen(checkedChannel(channel), (payload) =>
      listener.onPayload(payload),
    );
    return async () => {
      // A database already closed has nobody listening any more.
      if (!pglite.closed) await stop().catch(() => {});
    };
  };
}
