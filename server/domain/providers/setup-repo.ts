// The onboarding wizard's database access: the profile snapshot the steps read, and the writes of each step.
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';
import { recordHeadshot } from '../images';
import { verifiedStates } from '../licenses';
import * as locations from '../locations';
import { contentOf } from '../profile-content';
import { tagCountsColumn } from '../tags';
import { PROVIDER_BASIC_COLUMNS, providerBasicsOf } from './basics';
import type { WizardProfile } from './completion';

export type Db = Knex | Knex.Transaction;

export interface WizardRecord extends WizardProfile {
  id: number;
  accountId: number;
  type: 'individual' | 'practice';
  createdWithNewWizard: boolean;
  wizardExitedAt: Date | null;
  customContent: Record<string, unknown>;
}

export { listTags, replaceTaggings, selectedTagIds, type TagOption } from '../tags';

/** The row loadWizardRecord selects (through an alias, which knex does not type). */
type WizardRow = Pick<
  Row<'providers'>,
  (typeof PROVIDER_BASIC_COLUMNS)[number] | 'custom_content' | 'created_with_new_wizard' | 'wizard_exited_at'
> & { location_count: number; tag_counts: Partial<Record<string, number>> };

/** One profile with everything the completion rules read, in one query. */
export async function loadWizardRecord(db: Db, providerId: number): Promise<WizardRecord | null> {
  const row: WizardRow | undefined = await db('providers as p')
    .where('p.id', providerId)
    .first(
      ...PROVIDER_BASIC_COLUMNS.map((column) => `p.${column}`),
      'p.custom_content',
      'p.created_with_new_wizard',
      'p.wizard_exited_at',
      locations.locationCountColumn(db, 'p.id', 'location_count'),
      tagCountsColumn(db, 'p.id', 'tag_counts'),
    );
  if (!row) return null;
  const content = contentOf(row.custom_content);
  return {
    ...providerBasicsOf(row),
    customContent: content,
    createdWithNewWizard: row.created_with_new_wizard,
    wizardExitedAt: row.wizard_exited_at,
    locationCount: row.location_count,
    tagCounts: row.tag_counts,
    sessionFee: content.session_fee_ongoing,
    sessionLength: content.session_length_ongoing,
  };
}

// The wizard's Locations step writes through the shared location home.
export { insertLocations, listStates, type NewLocation } from '../locations';

export async function updateProvider(trx: Db, providerId: number, values: Record<string, unknown>): Promise<void> {
  await trx('providers').where({ id: providerId }).update(values);
}

export async function setPrimaryProfessionIfMissing(trx: Db, providerId: number, tagId: number): Promise<void> {
  await trx('providers')
    .where({ id: providerId })
    .whereNull('primary_profession_tag_id')
    .update({ primary_profession_tag_id: tagId });
}

export async function insertHeadshot(
  trx: Db,
  providerId: number,
  image: { storageKey: string; filename: string | null; size: number; width: number; height: number },
): Promise<void> {
  await recordHeadshot(trx, providerId, image);
  await trx('providers').where({ id: providerId }).update({ image_key: image.storageKey });
}

/** States of the provider's locations, and the states where it holds a Verified licence. */
export async function locationAndVerifiedStates(
  db: Db,
  providerId: number,
): Promise<{ locationStates: string[]; verifiedStates: string[] }> {
  const [locationStates, verified] = await Promise.all([
    locations.locationStates(db, providerId),
    verifiedStates(db, providerId),
  ]);
  return { locationStates, verifiedStates: verified };
}
