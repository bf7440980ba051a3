// Every job the portal knows; the web process and `npm run worker` both run from this list.
import { passwordResetJobs } from '../features/auth/jobs';
import { photoJobs } from '../features/photos-video/jobs';
import { zpmSignupJobs } from '../features/zpm-signup/jobs';
import { billingJobs } from '../domain/billing';
import { standaloneSignupJobs } from '../domain/accounts';
import { externalCalendarJobs } from '../domain/external-calendars';
import { bookingJobs } from '../domain/appointments';
import { messagingJobs } from '../domain/messaging';
import { maintenanceJobs } from './maintenance';
import { outgoingJobs } from './outgoing';
import type { JobDefinition } from './queue';

export const JOB_CATALOG: JobDefinition<never>[] = [
  ...outgoingJobs,
  ...maintenanceJobs,
  ...passwordResetJobs,
  ...photoJobs,
  ...billingJobs,
  ...bookingJobs,
  ...messagingJobs,
  ...externalCalendarJobs,
  ...standaloneSignupJobs,
  ...zpmSignupJobs,
];
