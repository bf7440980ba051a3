// What /dev/jobs and operators see of the queue: recent jobs with a short summary of their data.
import type { Knex } from 'knex';
import { DEAD_LETTERS, JOBS_SCHEMA } from './queue';

export interface ListedJob {
  id: string;
  name: string;
  state: string;
  attempts: number;
  createdAt: Date;
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

export async function listJobs(db: Knex, limit = 200): Promise<{ jobs: ListedJob[]; counts: Record<string, number> }> {
  const rows: {
    id: string;
    name: string;
    state: string;
    retry_count: number;
    created_on: Date;
    completed_on: Date | null;
    data: Record<string, unknown> | null;
    output: { message?: string } | null;
  }[] = await db(`${JOBS_SCHEMA}.job`)
    .select('id', 'name', 'state', 'retry_count', 'created_on', 'completed_on', 'data', 'output')
    .orderBy('created_on', 'desc')
    .limit(limit);
  // A dead letter is a copy of a failed job, waiting in the `dead-letters` queue for an operator: it is
  // listed as such, not as queued work.
  const stateOf = db.raw(`case when name = ? then 'dead-letter' else state::text end`, [DEAD_LETTERS]);
  const counted: { state: string; n: number }[] = await db(`${JOBS_SCHEMA}.job`)
    .select({ state: stateOf })
    .count({ n: '*' })
    .groupByRaw('1');
  return {
    jobs: rows.map((row) => ({
      id: row.id,
      name: row.name,
      state: row.name === DEAD_LETTERS ? 'dead-letter' : row.state,
      attempts: row.state === 'created' ? 0 : row.retry_count + (row.state === 'retry' ? 0 : 1),
      createdAt: row.created_on,
      finishedAt: row.completed_on,
      summary: summarise(row.data),
      lastError: row.state === 'completed' ? null : (row.output?.message ?? null),
    })),
    counts: Object.fromEntries(counted.map((c) => [c.state, c.n])),
  };
}
