// Proves that no outside call (the card processor, the EHR) is made while a database transaction is open.
// The code under test gets a knex whose pool holds ONE connection, and the outside port wrapped so that
// every call first asks that pool for a connection: inside a transaction the only connection is taken, so
// the call fails at once with "outside call inside a transaction" instead of waiting.
import knexFactory, { type Knex } from 'knex';
import { ctx } from './context';

export interface SingleConnection {
  db: Knex;
  calls: string[];
  violations: string[];
  close(): Promise<void>;
}

export function singleConnectionDb(): SingleConnection {
  const db = knexFactory({
    client: 'pg',
    connection: ctx().database.url,
    pool: { min: 0, max: 1 },
    acquireConnectionTimeout: 1500,
  });
  return { db, calls: [], violations: [], close: () => db.destroy() };
}

/** `target` with every method (but the `local` ones) checking first that `probe.db` has a free connection (no transaction open). */
export function outsideOnly<T extends object>(
  target: T,
  probe: SingleConnection,
  name: string,
  local: string[] = [],
): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver);
      // `local`: methods that only work out an answer (an address), calling nothing outside.
      if (typeof value !== 'function' || local.includes(String(key))) return value;
      return async (...args: unknown[]) => {
        const label = `${name}.${String(key)}`;
        probe.calls.push(label);
        try {
          await probe.db.raw('select 1');
        } catch {
          probe.violations.push(label);
          throw new Error(`outside call inside a transaction: ${label}`);
        }
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });
}
