// /dev/jobs (local mode only): the jobs scheduled for a later time (soonest first), then the job queue's
// jobs, newest first, by state, with a button that runs the due ones now. A job's data is summarised,
// never shown whole: it may hold links and codes.
import { CsrfField } from '../../components/PostForm';
import { Button } from '../../components/ui/Button';

export interface JobItem {
  id: string;
  name: string;
  state: string;
  attempts: number;
  createdAt: string;
  /** When it may run: later than its creation for a scheduled job (a consultation's reminder). */
  startAfter: string;
  finishedAt: string | null;
  summary: string;
  lastError: string | null;
}

const STATE_LABELS: Record<string, string> = {
  created: 'Queued',
  retry: 'Waiting to retry',
  active: 'Running',
  completed: 'Done',
  failed: 'Failed',
  'dead-letter': 'Dead letters',
  cancelled: 'Cancelled',
};

const shortTime = (iso: string) => iso.replace('T', ' ').slice(0, 19);

/** Waiting for a time still ahead (not merely queued a moment ago). */
const isScheduled = (job: JobItem) =>
  job.state === 'created' && Date.parse(job.startAfter) > Date.parse(job.createdAt) + 1000;

function JobsTable({ jobs, caption }: { jobs: JobItem[]; caption: string }) {
  return (
    <table className="outbox">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Job</th>
          <th scope="col">State</th>
          <th scope="col">Times</th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => (
          <tr key={job.id} data-state={job.state} data-name={job.name}>
            <td>
              <strong>{job.name}</strong>
              <br />
              {job.summary}
            </td>
            <td>
              {job.state === 'dead-letter'
                ? 'Dead letter: a copy of a job that used up its retries'
                : `${STATE_LABELS[job.state] ?? job.state}, ${job.attempts} ${job.attempts === 1 ? 'attempt' : 'attempts'}`}
              {job.lastError && (
                <>
                  <br />
                  Last error: {job.lastError}
                </>
              )}
            </td>
            <td>
              Queued <time dateTime={job.createdAt}>{shortTime(job.createdAt)}</time>
              {isScheduled(job) && (
                <>
                  <br />
                  Scheduled for <time dateTime={job.startAfter}>{shortTime(job.startAfter)}</time>
                </>
              )}
              {job.finishedAt && (
                <>
                  <br />
                  Finished <time dateTime={job.finishedAt}>{shortTime(job.finishedAt)}</time>
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function JobsPage({
  jobs,
  scheduled,
  counts,
}: {
  jobs: JobItem[];
  scheduled: JobItem[];
  counts: Record<string, number>;
}) {
  return (
    <>
      <form method="post" action="/dev/jobs/run" className="actions">
        <CsrfField />
        <Button>Run due jobs now</Button>
      </form>
      <p>
        {Object.entries(STATE_LABELS)
          .map(([state, label]) => `${label}: ${counts[state] ?? 0}`)
          .join(' · ')}
      </p>
      {scheduled.length > 0 && (
        <section aria-labelledby="jobs-scheduled">
          <h2 id="jobs-scheduled">Scheduled</h2>
          <JobsTable jobs={scheduled} caption="Jobs scheduled for a later time, soonest first" />
        </section>
      )}
      <h2>Recent jobs</h2>
      {jobs.length === 0 ? <p>No jobs yet.</p> : <JobsTable jobs={jobs} caption="Jobs of the queue, newest first" />}
    </>
  );
}
