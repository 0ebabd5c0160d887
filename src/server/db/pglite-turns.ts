/**
 * PGlite runs every statement on the event loop's own thread, one at a time. Statements
 * queued behind each other would each start as the one before ends, in the same turn of
 * the loop, so ten requests' reads arriving together would hold it for all their time
 * added up: timers, sockets and /healthz would wait that long. Here every statement (and
 * every transaction, whole) waits for the loop's next turn before it starts, so what holds
 * the loop at once is one statement, never a queue of them.
 */
import type { PGlite } from '@electric-sql/pglite';

/**
 * What starts work on PGlite's one connection: each waits its turn. Closing too, so the
 * statements asked for before it still run, as they did when each started at once.
 */
const STARTS_WORK = new Set<PropertyKey>(['query', 'exec', 'transaction', 'close']);

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function takingTurns(client: PGlite): PGlite {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const turn = last.then(nextTurn).then(run);
    last = turn.catch(() => {});
    return turn;
  };
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const bound = (value as (...args: unknown[]) => unknown).bind(target);
      if (!STARTS_WORK.has(property)) return bound;
      return (...args: unknown[]) => inTurn(() => bound(...args) as Promise<unknown>);
    },
  });
}
