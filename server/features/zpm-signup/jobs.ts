// The /zpm-signup jobs: finishing a paid sign-up (the EHR clinic, then the set-password e-mail), and the
// sweeper that finds paid or charged sign-ups left unfinished by a crash and sets them going again.
import { createOutgoing } from '../../jobs';
import type { JobContext, JobDefinition } from '../../jobs/queue';
import { FINISH_JOB, finishSignup, SWEEP_JOB, sweepSignups, type FinishDeps } from './finish';

const depsOf = ({ db, integrations, config }: JobContext): FinishDeps => ({
  db,
  config,
  payments: integrations.payments.gateway,
  ehr: integrations.ehr,
  outgoing: createOutgoing(integrations.jobs),
  jobs: integrations.jobs,
});

export const zpmSignupJobs: JobDefinition<never>[] = [
  {
    name: FINISH_JOB,
    // The EHR may be down for a while: tries spaced from 30 s doubling up to an hour, about 8 hours in all;
    // after that the sweeper queues it again.
    retryLimit: 12,
    retryDelaySeconds: 30,
    // Longer than the EHR call's own time limit (spec 3 §9: 600 s), so a slow call is not run twice at once.
    timeoutSeconds: 660,
    handle: async ({ signupId }: { signupId: string }, context) => {
      await finishSignup(depsOf(context), signupId, { log: context.logger });
    },
  },
  {
    name: SWEEP_JOB,
    cron: '*/5 * * * *',
    retryLimit: 0,
    handle: async (_data: object, context) => {
      const outcome = await sweepSignups(depsOf(context), context.logger);
      if (outcome.requeued || outcome.recovered)
        context.logger.warn(outcome, 'zpm-signup sweep: unfinished sign-ups set going again');
    },
  },
] as JobDefinition<never>[];
