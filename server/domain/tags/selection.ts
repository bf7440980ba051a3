// Saving tag pickers as taggings (spec 2 §5 "Tag selections", §7 "Taggings"): a posted checkbox list
// becomes entries (tagTypePlural, tagId, associate) against what the provider has, applied together in
// one transaction.
import Joi from 'joi';
import type { Knex } from 'knex';
import { ValidationError } from '../../lib/errors';
import type { Viewer } from '../accounts';
import * as repo from './repo';
import { tagSelection, type SelectionRule } from './validation';
import { validate } from '../../lib/validation';
import { readCustomContent } from '../profile-content';
import { selectedEditableProvider } from '../accounts';

export type { TagOption, TaggingEntry } from './repo';

/** The entries that turn `current` into `wanted` for one tag type (removals first, then additions). */
export function taggingEntries(type: string, current: number[], wanted: number[]): repo.TaggingEntry[] {
  const have = new Set(current);
  const want = new Set(wanted);
  return [
    ...current.filter((id) => !want.has(id)).map((tagId) => ({ tagTypePlural: type, tagId, associate: false })),
    ...wanted.filter((id) => !have.has(id)).map((tagId) => ({ tagTypePlural: type, tagId, associate: true })),
  ];
}

/** The filter text of a request's query (?q=), bounded. */
export const filterText = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 100) : '');

export interface PickerField {
  type: string;
  rule: SelectionRule;
}

/**
 * Checks every posted list against its offered tags and rule (all messages at once), then replaces the
 * provider's taggings of those types in one transaction: nothing is half-saved.
 */
export async function saveSelections(
  db: Knex,
  providerId: number,
  fields: PickerField[],
  body: unknown,
): Promise<void> {
  const options = await Promise.all(fields.map((f) => repo.listTags(db, f.type)));
  const schema = Joi.object(
    Object.fromEntries(
      fields.map((f, i) => [
        f.type,
        tagSelection(
          options[i]!.map((t) => t.id),
          f.rule,
        ),
      ]),
    ),
  );
  const checked = validate<Record<string, number[]>>(schema, body);
  if (checked.errors) throw new ValidationError(checked.errors);
  const wanted = checked.value;
  await db.transaction(async (trx) => {
    await readCustomContent(trx, providerId, { forUpdate: true }); // one tag edit of a profile at a time
    const current = await repo.selectedTagIds(
      trx,
      providerId,
      fields.map((f) => f.type),
    );
    const entries = fields.flatMap((f) => taggingEntries(f.type, current[f.type] ?? [], wanted[f.type] ?? []));
    await repo.applyTaggingEntries(trx, providerId, entries);
  });
}

/** The selected profile's id, reached only through clinician access (else the page is not found). */
export function editableProfileId(viewer: Viewer): number {
  return selectedEditableProvider(viewer).id;
}
