// The job queue's public face.
export { createOutgoing, outgoingJobs, type Outgoing } from './outgoing';
export {
  DEAD_LETTERS,
  JOBS_SCHEMA,
  PortalJobQueue,
  type EnqueueOptions,
  type JobContext,
  type JobDefinition,
  type JobQueue,
} from './queue';
export { listJobs, type ListedJob } from './listing';
