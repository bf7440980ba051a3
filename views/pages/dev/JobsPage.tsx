// /dev/jobs (local mode only): the job queue's jobs, newest first, by state, with a button that runs
// the due ones now. A job's data is summarised, never shown whole: it may hold links and codes.
import { CsrfField } from '../../components/PostForm';
import { Button } from '../../components/ui/Button';

export interface JobItem {
  id: string;
  name: string;
  state: string;
  attempts: number;
  createdAt: string;
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

export function JobsPage({ jobs, counts }: { jobs: JobItem[]; counts: Record<string, number> }) {
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
      {jobs.length === 0 ? (
        <p>No jobs yet.</p>
      ) : (
        <table className="outbox">
          <caption className="visually-hidden">Jobs of the queue, newest first</caption>
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
      )}
    </>
  );
}
