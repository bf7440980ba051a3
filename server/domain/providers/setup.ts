// The onboarding wizard's rules (spec 1 §2 Onboarding wizard, §4 Registration and onboarding, §5
// Onboarding pages; spec 2 §5 About practice and Tag selections). Every function loads the profile
// through the viewer: a profile without clinician access is simply not found.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { Viewer } from '../accounts';
import type { Storage } from '../../integrations/storage';
import { EXCLUDED_PROFESSIONS } from '../tags';
import { canGoLive, canManageBilling, editableProviderId } from '../accounts';
import { firstUnfinishedStepUrl, readyToGoLive, stepCompletion, stepUrl, type WizardStep } from './completion';
import {
  storedImage as storedImageOf,
  checkHeadshot,
  makeRenditions,
  PHOTO_MESSAGES,
  type CropFractions,
} from '../images';
import * as repo from './setup-repo';
import {
  aboutYouSchema,
  goLiveSchema,
  insuranceSchema,
  yourPracticeSchema,
  type LocationsInput,
  type YourPracticeInput,
} from './setup-validation';
import { validate } from '../../lib/validation';
import { mergeCustomContent } from '../profile-content';

export interface OnboardingDeps {
  db: Knex;
  storage: Storage;
}
export type WizardRecord = repo.WizardRecord;

/** The profile, only when the viewer has clinician access to it. */
export async function loadForViewer(
  db: Knex | Knex.Transaction,
  viewer: Viewer,
  providerId: number,
): Promise<WizardRecord> {
  const record = await repo.loadWizardRecord(db, editableProviderId(viewer, providerId));
  if (!record) throw new NotFoundError();
  return record;
}

export const displayNameOf = (viewer: Viewer, providerId: number) =>
  viewer.providers.find((p) => p.id === providerId)?.displayName ?? 'your';

/** An incomplete profile whose steps before Go Live are all done becomes reviewing (ready to go live). */
async function promoteWhenReady(trx: Knex.Transaction, providerId: number): Promise<void> {
  const record = await repo.loadWizardRecord(trx, providerId);
  if (record && record.status === 'incomplete' && readyToGoLive(record))
    await repo.updateProvider(trx, providerId, { status: 'reviewing' });
}

/** Where the wizard goes after a step: the next step in order (spec 1 §4 "Each step forwards to the next route"). */
export function afterStep(step: WizardStep, providerId: number, query = ''): string {
  const order: WizardStep[] = ['locations', 'about-you', 'your-practice', 'photos', 'go-live'];
  const next = order[Math.min(order.indexOf(step) + 1, order.length - 1)]!;
  return stepUrl(next, providerId) + query;
}

// --- Locations ------------------------------------------------------------------------------------

export async function locationsOptions(db: Knex) {
  return { states: await repo.listStates(db) };
}

export async function saveLocations(
  deps: OnboardingDeps,
  viewer: Viewer,
  providerId: number,
  input: LocationsInput,
): Promise<void> {
  const known = new Set((await repo.listStates(deps.db)).map((s) => s.code));
  const errors: Record<string, string> = {};
  if (input.states?.some((code) => !known.has(code))) errors.states = 'Please choose states from the list.';
  if (!input.no_physical_location && input.state && !known.has(input.state)) errors.state = 'State is required.';
  if (Object.keys(errors).length) throw new ValidationError(errors);
  await deps.db.transaction(async (trx) => {
    const record = await loadForViewer(trx, viewer, providerId);
    if (record.locationCount > 0) return; // already done: the step only forwards
    const locations: repo.NewLocation[] = [
      ...(input.no_online_sessions
        ? []
        : [...new Set(input.states ?? [])].map((state) => ({ state, remote_location: true }))),
      ...(input.no_physical_location
        ? []
        : [
            {
              state: input.state!,
              remote_location: false,
              address: input.address!,
              address_2: input.address_2 || null,
              city: input.city!,
              zip: input.zip!,
            },
          ]),
    ];
    await repo.insertLocations(trx, providerId, locations);
    await promoteWhenReady(trx, providerId);
  });
}

// --- About You --------------------------------------------------------------------------------------

/** Professions without the excluded ones, languages, and degrees without "Life" ones (spec 2 §5). */
export async function aboutYouOptions(db: Knex, type: 'individual' | 'practice') {
  const excluded = new Set(EXCLUDED_PROFESSIONS.map((name) => name.toLowerCase()));
  const professions = (await repo.listTags(db, 'professions')).filter((t) => !excluded.has(t.name.toLowerCase()));
  const languages = await repo.listTags(db, 'languages');
  const degrees =
    type === 'individual' ? (await repo.listTags(db, 'degrees')).filter((t) => !/life/i.test(t.name)) : null;
  return { professions, languages, degrees };
}

export async function saveAboutYou(deps: OnboardingDeps, viewer: Viewer, providerId: number, body: unknown) {
  const record = await loadForViewer(deps.db, viewer, providerId);
  const options = await aboutYouOptions(deps.db, record.type);
  const ids = (list: repo.TagOption[] | null) => (list ? list.map((t) => t.id) : null);
  const checked = validate<{ professions: number[]; languages: number[]; degrees?: number[] }>(
    aboutYouSchema({
      professions: ids(options.professions)!,
      languages: ids(options.languages)!,
      degrees: ids(options.degrees),
    }),
    body,
  );
  if (checked.errors) throw new ValidationError(checked.errors);
  const value = checked.value;
  await deps.db.transaction(async (trx) => {
    await loadForViewer(trx, viewer, providerId);
    await repo.replaceTaggings(trx, providerId, 'professions', value.professions);
    await repo.replaceTaggings(trx, providerId, 'languages', value.languages);
    if (value.degrees) await repo.replaceTaggings(trx, providerId, 'degrees', value.degrees);
    await repo.setPrimaryProfessionIfMissing(trx, providerId, value.professions[0]!);
    await promoteWhenReady(trx, providerId);
  });
}

// --- Your Practice and its insurance step ---------------------------------------------------------------

const PRACTICE_TAGS = ['clientele', 'languages', 'specialties', 'approaches'] as const;

export async function yourPracticeOptions(db: Knex) {
  const [clientele, languages, specialties, approaches] = await Promise.all(
    PRACTICE_TAGS.map((type) => repo.listTags(db, type)),
  );
  return { clientele: clientele!, languages: languages!, specialties: specialties!, approaches: approaches! };
}

export async function selectedTags(db: Knex, providerId: number, types: string[]) {
  return repo.selectedTagIds(db, providerId, types);
}

/** Saves the step; answers whether the insurance step comes next. */
export async function saveYourPractice(
  deps: OnboardingDeps,
  viewer: Viewer,
  providerId: number,
  body: unknown,
): Promise<{ takesInsurance: boolean }> {
  await loadForViewer(deps.db, viewer, providerId);
  const options = await yourPracticeOptions(deps.db);
  const allowed = Object.fromEntries(PRACTICE_TAGS.map((type) => [type, options[type].map((t) => t.id)])) as Record<
    (typeof PRACTICE_TAGS)[number],
    number[]
  >;
  const checked = validate<YourPracticeInput>(yourPracticeSchema(allowed), body);
  if (checked.errors) throw new ValidationError(checked.errors);
  const value = checked.value;
  await deps.db.transaction(async (trx) => {
    await loadForViewer(trx, viewer, providerId);
    for (const type of PRACTICE_TAGS) await repo.replaceTaggings(trx, providerId, type, value[type]);
    await mergeCustomContent(trx, providerId, {
      session_fee_ongoing: value.session_fee_ongoing,
      session_length_ongoing: value.session_length_ongoing,
      takes_insurance: value.takes_insurance === 'yes',
    });
    if (value.takes_insurance === 'no') await repo.replaceTaggings(trx, providerId, 'insurances', []);
    await promoteWhenReady(trx, providerId);
  });
  return { takesInsurance: value.takes_insurance === 'yes' };
}

/** Insurances, narrowed by the filter box (case-insensitive substring of the name). */
export async function insuranceOptions(db: Knex, filter: string) {
  const all = await repo.listTags(db, 'insurances');
  const needle = filter.trim().toLowerCase();
  return { all, shown: needle ? all.filter((t) => t.name.toLowerCase().includes(needle)) : all };
}

export async function saveInsurances(
  deps: OnboardingDeps,
  viewer: Viewer,
  providerId: number,
  body: unknown,
): Promise<void> {
  await loadForViewer(deps.db, viewer, providerId);
  const { all } = await insuranceOptions(deps.db, '');
  const checked = validate<{ insurances: number[] }>(insuranceSchema(all.map((t) => t.id)), body);
  if (checked.errors) throw new ValidationError(checked.errors);
  await deps.db.transaction(async (trx) => {
    await loadForViewer(trx, viewer, providerId);
    await repo.replaceTaggings(trx, providerId, 'insurances', checked.value.insurances);
    await mergeCustomContent(trx, providerId, { takes_insurance: true });
  });
}

// --- Photos -------------------------------------------------------------------------------------------

export class StorageFailure extends Error {}

/**
 * Checks the upload, stores both renditions, then records the image and the headshot in one
 * transaction. A storage failure becomes "There was an error saving your profile photo."
 */
export async function saveHeadshot(
  deps: OnboardingDeps,
  viewer: Viewer,
  providerId: number,
  upload: {
    file?: { buffer: Buffer; size: number; originalname?: string };
    uploadError?: string;
    crop: CropFractions | null;
  },
): Promise<void> {
  await loadForViewer(deps.db, viewer, providerId);
  if (upload.uploadError) throw new ValidationError({ headshot: upload.uploadError });
  const check = await checkHeadshot(upload.file);
  if (!check.ok) throw new ValidationError({ headshot: check.message });
  const file = upload.file!;
  const renditions = await makeRenditions(file.buffer, upload.crop);
  const base = `headshot-${crypto.randomUUID()}`;
  const keys = { large: `${base}.jpg`, small: `${base}-250.jpg` };
  try {
    await deps.storage.put(keys.large, renditions.large, 'image/jpeg');
    await deps.storage.put(keys.small, renditions.small, 'image/jpeg');
  } catch (error) {
    await Promise.allSettled([deps.storage.delete(keys.large), deps.storage.delete(keys.small)]);
    throw new StorageFailure(PHOTO_MESSAGES.error, { cause: error });
  }
  try {
    await deps.db.transaction(async (trx) => {
      await loadForViewer(trx, viewer, providerId);
      await repo.insertHeadshot(trx, providerId, {
        storageKey: keys.large,
        filename: (file.originalname ?? '').slice(0, 200) || null,
        size: renditions.large.length,
        width: renditions.width,
        height: renditions.height,
      });
      await promoteWhenReady(trx, providerId);
    });
  } catch (error) {
    await Promise.allSettled([deps.storage.delete(keys.large), deps.storage.delete(keys.small)]);
    throw error;
  }
}

/** Serves only keys the portal made for a recorded image (any kind, either rendition). */
export async function storedImage(deps: OnboardingDeps, key: string) {
  return storedImageOf(deps.db, deps.storage, key);
}

// --- Go Live ------------------------------------------------------------------------------------------

export type GoLiveResult = { kind: 'active' | 'pending' } | { kind: 'subscribe' } | { kind: 'not-permitted' };

/**
 * Go live (spec 1 §4 Go Live button, §6). Going live needs account-level permission (canGoLive: the
 * owner of the profile's account). A paid plan goes live: active when every state the profile
 * practises in has a Verified licence, else pending review (within 24 business hours). Not paid: the
 * subscription prompt for someone who may manage billing, else the not-permitted message. Inactive
 * and locked profiles cannot go live from here (their membership must change first).
 */
export async function goLive(
  deps: OnboardingDeps,
  viewer: Viewer,
  providerId: number,
  body: unknown,
): Promise<GoLiveResult> {
  const record = await loadForViewer(deps.db, viewer, providerId);
  const checked = validate(goLiveSchema, body);
  if (checked.errors) throw new ValidationError(checked.errors);
  if (record.status === 'active' || record.status === 'pending') return { kind: record.status };
  if (record.status === 'inactive' || record.status === 'locked') return { kind: 'not-permitted' };
  const provider = { id: providerId, accountId: record.accountId };
  const paid = viewer.providers.find((p) => p.id === providerId)?.hasPaidPlan ?? false;
  if (!paid) return canManageBilling(viewer, provider) ? { kind: 'subscribe' } : { kind: 'not-permitted' };
  if (!canGoLive(viewer, provider)) return { kind: 'not-permitted' };
  return deps.db.transaction(async (trx) => {
    await loadForViewer(trx, viewer, providerId);
    const { locationStates, verifiedStates } = await repo.locationAndVerifiedStates(trx, providerId);
    const verified = new Set(verifiedStates);
    const status =
      locationStates.length > 0 && locationStates.every((state) => verified.has(state)) ? 'active' : 'pending';
    await repo.updateProvider(trx, providerId, {
      status,
      ...(status === 'active' ? { went_live_at: trx.fn.now() } : {}),
    });
    return { kind: status };
  });
}

export async function exitWizard(deps: OnboardingDeps, viewer: Viewer, providerId: number): Promise<void> {
  await loadForViewer(deps.db, viewer, providerId);
  await repo.updateProvider(deps.db, providerId, { wizard_exited_at: deps.db.fn.now() });
}

// --- Where to continue (/, /signup, the status banner) --------------------------------------------------

/** / sends an incomplete profile made with the new wizard, not exited, to its first unfinished step. */
export async function homeRedirect(db: Knex, provider: { id: number; status: string }): Promise<string | null> {
  if (provider.status !== 'incomplete') return null;
  const record = await repo.loadWizardRecord(db, provider.id);
  if (!record?.createdWithNewWizard || record.wizardExitedAt) return null;
  return firstUnfinishedStepUrl(record);
}

/** For the incomplete banner: the first unfinished step if made with the new wizard, else /. */
export async function incompleteBannerLink(db: Knex, providerId: number): Promise<string> {
  const record = await repo.loadWizardRecord(db, providerId);
  return record?.createdWithNewWizard ? firstUnfinishedStepUrl(record) : '/';
}

export { stepCompletion };
