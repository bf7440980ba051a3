// The Specialties page's rules (spec 2 §5 "Tag selections", §9): general expertise is the provider's
// specialties (3–20); top specialties (up to 6) are flagged among them, so choosing a top specialty
// also adds it to general expertise, never beyond 20 (a warning when that reaches the cap).
import type { Knex } from 'knex';
import Joi from 'joi';
import { ValidationError } from '../../lib/errors';
import type { Viewer } from '../../domain/accounts';
import * as custom from '../../domain/tags';
import * as repo from '../../domain/tags';
import {
  editableProfileId,
  saveSelections,
  taggingEntries,
  atMost,
  SELECTION_RULES,
  tagSelection,
} from '../../domain/tags';
import { validate } from '../../lib/validation';
import { readCustomContent } from '../../domain/profile-content';

export interface SpecialtiesData {
  options: repo.TagOption[];
  /** General expertise: every specialty of the provider, top ones included. */
  general: number[];
  top: number[];
  custom: custom.CustomEntry[];
}

export async function loadSpecialties(db: Knex, viewer: Viewer): Promise<SpecialtiesData> {
  const id = editableProfileId(viewer);
  const [options, taggings, entries] = await Promise.all([
    repo.listTags(db, 'specialties'),
    repo.specialtyTaggings(db, id),
    custom.listEntries(db, id, 'specialties'),
  ]);
  return {
    options,
    general: taggings.map((t) => t.tagId),
    top: taggings.filter((t) => t.isTop).map((t) => t.tagId),
    custom: entries,
  };
}

/** Saves the top specialties; answers whether general expertise has just reached its cap of 20. */
export async function saveTopSpecialties(db: Knex, viewer: Viewer, body: unknown): Promise<{ reachedCap: boolean }> {
  const id = editableProfileId(viewer);
  const options = await repo.listTags(db, 'specialties');
  const checked = validate<{ top_specialties: number[] }>(
    Joi.object({
      top_specialties: tagSelection(
        options.map((t) => t.id),
        SELECTION_RULES.top_specialties,
      ),
    }),
    body,
  );
  if (checked.errors) throw new ValidationError(checked.errors);
  const top = checked.value.top_specialties;
  const max = SELECTION_RULES.specialties.max;
  return db.transaction(async (trx) => {
    await readCustomContent(trx, id, { forUpdate: true });
    const general = (await repo.specialtyTaggings(trx, id)).map((t) => t.tagId);
    // Only additions: a specialty that stops being top stays in general expertise.
    const added = taggingEntries('specialties', general, [...general, ...top]);
    if (general.length + added.length > max) throw new ValidationError({ top_specialties: atMost(max) });
    await repo.applyTaggingEntries(trx, id, added);
    await repo.setTopSpecialties(trx, id, top);
    return { reachedCap: added.length > 0 && general.length + added.length === max };
  });
}

/** Saves general expertise; a specialty taken out of it also stops being a top specialty. */
export async function saveGeneralExpertise(db: Knex, viewer: Viewer, body: unknown): Promise<void> {
  await saveSelections(
    db,
    editableProfileId(viewer),
    [{ type: 'specialties', rule: SELECTION_RULES.specialties }],
    body,
  );
}
