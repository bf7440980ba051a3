// Testimonials & Feedback of a profile (table feedback: kind testimonial or feedback): listed, and whether a testimonial is shown.
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface TestimonialRow {
  id: number;
  body: string;
  author: string | null;
  submitted_at: Date;
  display_testimonial: boolean;
}
export interface FeedbackRow {
  id: number;
  body: string;
  submitted_at: Date;
}

export async function listTestimonials(db: Db, providerId: number): Promise<TestimonialRow[]> {
  return db('feedback')
    .where({ provider_id: providerId, kind: 'testimonial' })
    .orderBy([
      { column: 'submitted_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .select('id', 'body', 'author', 'submitted_at', 'display_testimonial');
}

export async function listFeedback(db: Db, providerId: number): Promise<FeedbackRow[]> {
  return db('feedback')
    .where({ provider_id: providerId, kind: 'feedback' })
    .orderBy([
      { column: 'submitted_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .select('id', 'body', 'submitted_at');
}

/** Sets the display flag of the provider's testimonial; false when there is no such testimonial. */
export async function testimonialExists(db: Db, providerId: number, testimonialId: number): Promise<boolean> {
  return Boolean(
    await db('feedback').where({ id: testimonialId, provider_id: providerId, kind: 'testimonial' }).first('id'),
  );
}

export async function setDisplay(
  db: Db,
  providerId: number,
  testimonialId: number,
  display: boolean,
): Promise<boolean> {
  const updated = await db('feedback')
    .where({ id: testimonialId, provider_id: providerId, kind: 'testimonial' })
    .update({ display_testimonial: display });
  return updated > 0;
}
