// Testimonials & Feedback of the selected profile (spec 2 §2, §3, §4 "Testimonial display"): clients'
// testimonials the provider may display (1) or hide (0), and private feedback that is only listed.
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { Viewer } from '../../domain/accounts';
import { testimonials as feedbackRecords } from '../../domain/providers';
import { selectedEditableProvider } from '../../domain/accounts';

export const TESTIMONIAL_MESSAGES = {
  error: 'There was an error changing the display setting for the testimonial.',
  displayed: 'The testimonial is now displayed on your profile.',
  hidden: 'The testimonial is now hidden from your profile.',
} as const;

function selectedProviderId(viewer: Viewer): number {
  return selectedEditableProvider(viewer).id;
}

export async function loadPage(db: Knex, viewer: Viewer) {
  const providerId = selectedProviderId(viewer);
  const [testimonials, feedback] = await Promise.all([
    feedbackRecords.listTestimonials(db, providerId),
    feedbackRecords.listFeedback(db, providerId),
  ]);
  return { testimonials, feedback };
}

/** display_testimonial is "1" (Display) or "0" (Hide); another profile's testimonial is not found. */
export async function setDisplay(db: Knex, viewer: Viewer, testimonialId: number, posted: unknown): Promise<boolean> {
  const providerId = selectedProviderId(viewer);
  const value =
    typeof posted === 'string' || typeof posted === 'number' || typeof posted === 'boolean' ? String(posted) : '';
  const display = value === '1' || value === 'true' ? true : value === '0' || value === 'false' ? false : null;
  return db.transaction(async (trx) => {
    // Whose testimonial it is comes first: another profile's id is not found, whatever was posted.
    if (!(await feedbackRecords.testimonialExists(trx, providerId, testimonialId))) throw new NotFoundError();
    if (display === null) throw new ValidationError({ display_testimonial: TESTIMONIAL_MESSAGES.error });
    await feedbackRecords.setDisplay(trx, providerId, testimonialId, display);
    return display;
  });
}
