// Education and employment live in providers.custom_content (spec 2 §3): education_v2, employment_v2,
// year_earned_grad_degree. Writes replace only those keys, so other pages' parts of custom_content stay.
import type { Knex } from 'knex';
import type { EducationLine, EmploymentLine } from './validation';

export type Db = Knex | Knex.Transaction;

export interface EducationRecord {
  id: number;
  education: EducationLine[];
  employment: EmploymentLine[];
  yearEarnedGradDegree: string;
}

const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const objects = (value: unknown): Record<string, unknown>[] =>
  (Array.isArray(value) ? value : []).filter((v): v is Record<string, unknown> => Boolean(v) && typeof v === 'object');

export async function loadEducation(db: Db, providerId: number): Promise<EducationRecord | null> {
  const row = await db('providers').where({ id: providerId }).first(
    'id',
    db.raw(`custom_content -> 'education_v2' as education`),
    db.raw(`custom_content -> 'employment_v2' as employment`),
    db.raw(`custom_content -> 'year_earned_grad_degree' as grad`),
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    education: objects(row.education).map((e) => ({ institution: str(e.institution), degree: str(e.degree), completion: str(e.completion) })),
    employment: objects(row.employment).map((e) => {
      const when = (e.when && typeof e.when === 'object' ? e.when : {}) as Record<string, unknown>;
      return { employer: str(e.employer), position: str(e.position), when: { start: str(when.start), end: str(when.end) } };
    }),
    yearEarnedGradDegree: str(row.grad),
  };
}

/** Merges the given keys into custom_content in one statement. */
export async function updateContent(db: Db, providerId: number, parts: Record<string, unknown>): Promise<void> {
  await db('providers').where({ id: providerId }).update({ custom_content: db.raw('custom_content || ?::jsonb', [JSON.stringify(parts)]) });
}
