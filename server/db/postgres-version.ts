// The PostgreSQL versions the portal supports: from the oldest the CI machines run (15) to the newest
// the embedded server ships (18); both ends are tested (the suite on 15, the migrations and a start on
// the embedded 18: test/process/postgres-range.test.ts). An older server is refused at start with one
// line (features such as NULLS NOT DISTINCT and MERGE need 15); a newer one starts with a warning.
import type { Knex } from 'knex';
import type { Logger } from 'pino';

export const SUPPORTED_POSTGRES = { oldest: 15, newest: 18 } as const;

/** The major version of a `server_version_num` (150019 → 15). */
export const majorOf = (versionNum: number) => Math.floor(versionNum / 10_000);

export type VersionVerdict = { ok: true; warning: string | null } | { ok: false; message: string };

export function judgePostgresVersion(versionNum: number): VersionVerdict {
  const major = majorOf(versionNum);
  const range = `${SUPPORTED_POSTGRES.oldest} to ${SUPPORTED_POSTGRES.newest}`;
  if (major < SUPPORTED_POSTGRES.oldest)
    return { ok: false, message: `PostgreSQL ${major} is older than the portal supports (${range}).` };
  if (major > SUPPORTED_POSTGRES.newest)
    return { ok: true, warning: `PostgreSQL ${major} is newer than the portal is tested on (${range}).` };
  return { ok: true, warning: null };
}

/** Reads the server's version; throws on an unsupported one, warns on an untested newer one. */
export async function checkPostgresVersion(db: Knex, logger: Logger): Promise<number> {
  const { rows } = await db.raw<{ rows: { version: number }[] }>(
    `select current_setting('server_version_num')::int as version`,
  );
  const versionNum = Number(rows[0]!.version);
  const verdict = judgePostgresVersion(versionNum);
  if (!verdict.ok) throw new Error(verdict.message);
  if (verdict.warning) logger.warn({ serverVersionNum: versionNum }, verdict.warning);
  return versionNum;
}
