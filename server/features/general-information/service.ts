// /profile/general-information (spec 2 §2 Profile pages, §5): basic information (read-only), the
// practice tagline, About Your Practice, licences, supervisor licence and pronouns. The profile is
// reached through the viewer's clinician access; a section of the other provider type is not found.
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { Viewer } from '../../domain/accounts';
import type { Storage } from '../../integrations/storage';
import * as licenses from '../../domain/licenses';
import * as locations from '../../domain/locations';
import * as providers from '../../domain/providers';
import { loadBasicInformation, type BasicInformation } from '../../domain/providers';
import { pronounsToStore, taglineSchema } from './validation';
import { validate } from '../../lib/validation';
import { mergeCustomContent } from '../../domain/profile-content';
import { editableProviderId } from '../../domain/accounts';

export interface GeneralInformationDeps {
  db: Knex;
  storage: Storage;
}

async function loadProfile(db: Knex | Knex.Transaction, viewer: Viewer, providerId: number): Promise<BasicInformation> {
  const profile = await loadBasicInformation(db, editableProviderId(viewer, providerId));
  if (!profile) throw new NotFoundError();
  return profile;
}

/** Everything the page shows, for the read views and the forms. */
export async function loadPage(db: Knex, viewer: Viewer, providerId: number) {
  const profile = await loadProfile(db, viewer, providerId);
  const [options, selected, licensing] = await Promise.all([
    providers.aboutYouOptions(db, profile.type),
    providers.selectedTags(db, providerId, ['professions', 'languages', 'degrees']),
    licenses.loadLicensing(db, viewer, providerId, locations),
  ]);
  return { profile, about: { options, selected }, licensing };
}

/** The practice tagline (practice only): at most 75 characters, no contact details. Empty clears it. */
export async function saveTagline(db: Knex, viewer: Viewer, providerId: number, body: unknown): Promise<void> {
  const profile = await loadProfile(db, viewer, providerId);
  if (profile.type !== 'practice') throw new NotFoundError();
  const checked = validate(taglineSchema, body);
  if (checked.errors) throw new ValidationError(checked.errors);
  await db.transaction(async (trx) => {
    await loadProfile(trx, viewer, providerId);
    const tagline = checked.value.tagline;
    await (tagline
      ? mergeCustomContent(trx, providerId, { tagline })
      : mergeCustomContent(trx, providerId, {}, { remove: ['tagline'] }));
  });
}

/** Pronouns (individual only). */
export async function savePronouns(db: Knex, viewer: Viewer, providerId: number, body: unknown): Promise<void> {
  const profile = await loadProfile(db, viewer, providerId);
  if (profile.type !== 'individual') throw new NotFoundError();
  const checked = pronounsToStore(body);
  if (checked.errors) throw new ValidationError(checked.errors);
  await db.transaction(async (trx) => {
    await loadProfile(trx, viewer, providerId);
    const pronouns = checked.value;
    await (pronouns === null
      ? mergeCustomContent(trx, providerId, {}, { remove: ['pronouns'] })
      : mergeCustomContent(trx, providerId, { pronouns }));
  });
}

/** About Your Practice: the same rules and the same save as the wizard's About You step. */
export async function saveAbout(
  deps: GeneralInformationDeps,
  viewer: Viewer,
  providerId: number,
  body: unknown,
): Promise<void> {
  await loadProfile(deps.db, viewer, providerId);
  await providers.saveAboutYou(deps, viewer, providerId, body);
}
