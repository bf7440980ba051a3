// The job of large photo batches: each waiting photo is rendered from its stored original.
import type { JobDefinition } from '../../jobs/queue';
import { renderWaitingPhoto, RENDER_PHOTOS_JOB } from './service';

export const photoJobs: JobDefinition<never>[] = [
  {
    name: RENDER_PHOTOS_JOB,
    retryDelaySeconds: 10,
    handle: async ({ imageId }: { imageId: number }, { db, integrations }) =>
      renderWaitingPhoto({ db, storage: integrations.storage }, imageId),
  },
] as JobDefinition<never>[];
