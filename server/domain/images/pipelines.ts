// The bound on picture processing in this process. One sharp pipeline runs at a time (libvips may use
// both cores for it), so one gallery post of 15 pictures of 40 MP, or several at once, never decodes
// more than one picture at a time: memory stays near one picture's worth. A short line waits; past
// it the upload is refused with "try again" rather than queued without end.
import sharp from 'sharp';
import { WorkLimit } from '../../lib/work-limit';

// libvips' own cache keeps decoded tiles of recent images; uploads are never read twice.
sharp.cache(false);
sharp.concurrency(2);

export const IMAGE_PIPELINES = new WorkLimit(
  1,
  40,
  5,
  'Your pictures could not be processed right now because the portal is busy. Please try again in a few seconds.',
);
