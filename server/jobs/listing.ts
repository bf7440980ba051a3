// What /dev/jobs and operators see of the queue: recent jobs with a short summary of their data.
import type { Knex } from 'knex';
import { DEAD_LETTERS, JOBS_SCHEMA } from './queue';

export interface ListedJob {
  id: string;
  name: string;
  state: string;
  attempts: number;
  createdAt: Date;
  /** When it may run (a scheduled job waits until then). */
  startAfter: Date;
  finishedAt: Date | null;
  summary: string;
  lastError: string | null;
}

/** Who or what a job is for, without its body, links or codes. */
function summarise(data: Record<string, unknown> | null): string {
  if (!data) return '';
  const to = data.to ?? data.email;
  if (typeof to === 'string') return `to ${to}${typeof data.subject === 'string' ? `: ${data.subject}` : ''}`;
  return Object.keys(data).length ? `fields: ${Object.keys(data).join(', ')}` : '';
}

type JobRow = {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  created_on: Date;
  start_after: Date;
  completed_on: Date | null;
  data: Record<string, unknown> | null;
  output: { message?: string } | null;
};

const COLUMNS = ['id', 'name', 'state', 'retry_count', 'created_on', 'start_after', 'completed_on', 'data', 'output'];

const listed = (row: JobRow): ListedJob => ({
  id: row.id,
  name: row.name,
  state: row.name === DEAD_LETTERS ? 'dead-letter' : row.state,
  attempts: row.state === 'created' ? 0 : row.retry_count + (row.state === 'retry' ? 0 : 1),
  createdAt: row.created_on,
  startAfter: row.start_after,
  finishedAt: row.completed_on,
  summary: summarise(row.data),
  lastError: row.state === 'completed' ? null : (row.output?.message ?? null),
});

/**
 * The newest jobs (`limit`), the jobs scheduled for a later time, soonest first (a consultation's
 * reminders are made days before they run, so newer jobs would push them off the first list), and the
 * count of each state.
 */
export async function listJobs(
  db: Knex,
  limit = 200,
): Promise<{ jobs: ListedJob[]; scheduled: ListedJob[]; counts: Record<string, number> }> {
  const rows: JobRow[] = await db(`${JOBS_SCHEMA}.job`).select(COLUMNS).orderBy('created_on', 'desc').limit(limit);
  const scheduled: JobRow[] = await db(`${JOBS_SCHEMA}.job`)
    .select(COLUMNS)
    .where('state', 'created')
    .whereRaw('start_after > now()')
    .orderBy('start_after')
    .limit(limit);
  // A dead letter is a copy of a failed job, waiting in the `dead-letters` queue for an operator: it is
  // listed as such, not as queued work.
  const stateOf = db.raw(`case when name = ? then 'dead-letter' else state::text end`, [DEAD_LETTERS]);
  const counted: { state: string; n: number }[] = await db(`${JOBS_SCHEMA}.job`)
    .select({ state: stateOf })
    .count({ n: '*' })
    .groupByRaw('1');
  return {
    jobs: rows.map(listed),
    scheduled: scheduled.map(listed),
    counts: Object.fromEntries(counted.map((c) => [c.state, c.n])),
  };
}
