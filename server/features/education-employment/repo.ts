// Education and employment live in providers.custom_content (spec 2 §3): education_v2, employment_v2,
// year_earned_grad_degree, read and written through the profile-content module.
import type { Knex } from 'knex';
import type { EducationLine, EmploymentLine } from './validation';
import { readCustomContent } from '../../domain/profile-content';

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
  const content = await readCustomContent(db, providerId);
  if (!content) return null;
  return {
    id: providerId,
    education: objects(content.education_v2).map((e) => ({
      institution: str(e.institution),
      degree: str(e.degree),
      completion: str(e.completion),
    })),
    employment: objects(content.employment_v2).map((e) => {
      const when = (e.when && typeof e.when === 'object' ? e.when : {}) as Record<string, unknown>;
      return {
        employer: str(e.employer),
        position: str(e.position),
        when: { start: str(when.start), end: str(when.end) },
      };
    }),
    yearEarnedGradDegree: str(content.year_earned_grad_degree),
  };
}
