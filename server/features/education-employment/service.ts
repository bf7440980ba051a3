// Education & Employment (individuals only: spec 2 §1, §5 "Work and education"). Loads and saves through
// the viewer's selected profile; each section saves in one transaction.
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { Viewer } from '../../domain/accounts';
import { canEditProfile } from '../../domain/accounts';
import * as repo from './repo';
import { validateEducation, validateEmployment } from './validation';
import { mergeCustomContent } from '../../domain/profile-content';

export const SECTIONS = ['education', 'employment'] as const;
export type SectionId = (typeof SECTIONS)[number];

export async function loadForViewer(db: repo.Db, viewer: Viewer): Promise<repo.EducationRecord> {
  const provider = viewer.provider;
  if (provider?.type !== 'individual' || !canEditProfile(viewer, provider)) throw new NotFoundError();
  const record = await repo.loadEducation(db, provider.id);
  if (!record) throw new NotFoundError();
  return record;
}

export async function saveSection(
  db: Knex,
  viewer: Viewer,
  section: string,
  body: Record<string, unknown>,
  now = new Date(),
): Promise<SectionId> {
  if (!(SECTIONS as readonly string[]).includes(section)) throw new NotFoundError();
  await db.transaction(async (trx) => {
    const record = await loadForViewer(trx, viewer);
    const checked = section === 'education' ? validateEducation(body, now) : validateEmployment(body, now);
    if (checked.errors) throw new ValidationError(checked.errors);
    await mergeCustomContent(trx, record.id, checked.value);
  });
  return section as SectionId;
}
