// Jobs of sign-in and recovery: a reset request mails its link from the queue, so the request itself
// does the same work for known and unknown addresses.
import type { JobDefinition } from '../../jobs/queue';
import { PASSWORD_RESET_JOB, sendPasswordResetLink } from './service';

interface ResetRequest {
  email: string;
  ip: string | null;
  userAgent: string | null;
}

export const passwordResetJobs: JobDefinition<never>[] = [
  {
    name: PASSWORD_RESET_JOB,
    keepHours: 1,
    handle: async ({ email, ip, userAgent }: ResetRequest, { db, integrations, config }) =>
      sendPasswordResetLink({ db, mail: integrations.mail, config }, email, {
        ip: ip ?? undefined,
        userAgent: userAgent ?? undefined,
      }),
  },
] as JobDefinition<never>[];
