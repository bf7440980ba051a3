// Statement & Message (individuals) / Practice Description (practices): spec 2 §1, §5 "Text fields",
// §7 "Update provider". Everything goes through the viewer's selected profile (clinician access).
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { Viewer } from '../../domain/accounts';
import { canEditProfile } from '../../domain/accounts';
import { loadStatements, updateStatementText, type StatementRecord } from '../../domain/providers';
import { MESSAGES, postedBoxes, sectionsFor, validateBoxes, validateText, type Section } from './validation';
import { mergeCustomContent } from '../../domain/profile-content';
import { askFirst, type ConfirmationNeeded } from '../../lib/confirmation';

/** The field key a re-render reads to show the confirmation step instead of an error. */

/** The selected profile's texts, when the viewer may edit it; else not found. */
export async function loadForViewer(db: Knex, viewer: Viewer): Promise<StatementRecord> {
  const provider = viewer.provider;
  if (!provider || !canEditProfile(viewer, provider)) throw new NotFoundError();
  const record = await loadStatements(db, provider.id);
  if (!record) throw new NotFoundError();
  return record;
}

/** The section of the profile's type with this id (a section of the other type is not found). */
export function sectionOf(type: 'individual' | 'practice', id: unknown): Section {
  const section = sectionsFor(type).find((s) => s.id === id);
  if (!section) throw new NotFoundError();
  return section;
}

/**
 * Saves one section in one transaction. Over the word maximum or with contact details: a ValidationError.
 * Under the minimum without `confirmed`: askFirst with the question, and nothing saved.
 */
export async function saveSection(
  db: Knex,
  viewer: Viewer,
  sectionId: string,
  body: Record<string, unknown>,
): Promise<Section | ConfirmationNeeded> {
  return db.transaction(async (trx) => {
    const record = await loadForViewer(trx, viewer);
    const section = sectionOf(record.type, sectionId);
    if (section.kind === 'boxes') {
      const checked = validateBoxes(postedBoxes(body));
      if (checked.errors) throw new ValidationError(checked.errors);
      await mergeCustomContent(trx, record.id, { boxes: checked.value });
      return section;
    }
    const checked = validateText(section, body);
    if (checked.errors) throw new ValidationError(checked.errors);
    if (checked.needsConfirmation) return askFirst(MESSAGES.confirmShort(section.field, section.limits));
    await updateStatementText(trx, record.id, section.column, checked.value);
    return section;
  });
}
