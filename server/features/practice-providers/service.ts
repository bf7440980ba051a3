// Practice Providers of the selected practice profile (spec 2 §2, §3, §4 "Practice providers", §5,
// §6): members (remove, change order) and unregistered providers (add, edit, delete). Everything is
// reached through the selected practice: another practice's member or provider is not found.
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { Viewer } from '../../domain/accounts';
import type { Storage } from '../../integrations/storage';
import { pageOf, pageOfIndex } from '../../lib/paging';
import { hasClinicianAccess, selectedEditableProvider } from '../../domain/accounts';
import {
  chosenFile,
  discardPicture,
  IMAGE_KEY,
  imageProblem,
  type UploadedImage,
  withStoredPicture,
} from '../../domain/images';
import { practiceProviderRecords } from '../../domain/providers';
import { parseMove, PRACTICE_MESSAGES, validateUnregistered } from './validation';

export interface PracticeDeps {
  db: Knex;
  storage: Storage;
}
export type MemberRow = practiceProviderRecords.MemberRow;
export type UnregisteredRow = practiceProviderRecords.UnregisteredRow;

function practiceId(viewer: Viewer): number {
  return selectedEditableProvider(viewer, 'practice').id;
}

/** One page of the members (in the practice's order), all unregistered providers and the degree options. */
export async function loadPage(db: Knex, viewer: Viewer, requestedPage: unknown) {
  const id = practiceId(viewer);
  const [allMembers, unregistered, degrees] = await Promise.all([
    practiceProviderRecords.listMembers(db, id),
    practiceProviderRecords.listUnregistered(db, id),
    practiceProviderRecords.degreeOptions(db),
  ]);
  const { items, ...paging } = pageOf(allMembers, requestedPage);
  return {
    members: items.map((m) => ({ ...m, hasClinicianAccess: hasClinicianAccess(viewer, m.id) })),
    memberCount: allMembers.length,
    paging,
    unregistered,
    degrees,
  };
}

export async function loadMember(db: Knex, viewer: Viewer, memberId: number): Promise<MemberRow> {
  const member = await practiceProviderRecords.findMember(db, practiceId(viewer), memberId);
  if (!member) throw new NotFoundError();
  return member;
}

/** Removal keeps the member's own profile and billing; adding it back goes through support. */
export async function removeMember(db: Knex, viewer: Viewer, memberId: number): Promise<void> {
  const id = practiceId(viewer);
  await db.transaction(async (trx) => {
    await practiceProviderRecords.lockMembers(trx, id);
    if (!(await practiceProviderRecords.removeMember(trx, id, memberId))) throw new NotFoundError();
    // Close the gap so positions stay 1..n.
    await practiceProviderRecords.saveOrder(
      trx,
      id,
      (await practiceProviderRecords.lockMembers(trx, id)).map((m) => m.id),
    );
  });
}

/**
 * Moves one member up or down one place; positions are renumbered 1..n (practice_sort_order).
 * Answers the member and the page it is now on (a move may cross to the next or previous page).
 */
export async function moveMember(db: Knex, viewer: Viewer, posted: unknown): Promise<{ id: number; page: number }> {
  const id = practiceId(viewer);
  const move = parseMove(posted);
  if (!move) throw new ValidationError({ move: PRACTICE_MESSAGES.orderError });
  const position = await db.transaction(async (trx) => {
    const order = (await practiceProviderRecords.lockMembers(trx, id)).map((m) => m.id);
    const index = order.indexOf(move.id);
    if (index < 0) throw new NotFoundError();
    const other = move.direction === 'up' ? index - 1 : index + 1;
    if (other < 0 || other >= order.length) return index;
    [order[index], order[other]] = [order[other]!, order[index]!];
    await practiceProviderRecords.saveOrder(trx, id, order);
    return other;
  });
  return { id: move.id, page: pageOfIndex(position) };
}

// --- Unregistered providers ------------------------------------------------------------------------

export async function loadUnregistered(db: Knex, viewer: Viewer, id: number): Promise<UnregisteredRow> {
  const row = await practiceProviderRecords.findUnregistered(db, practiceId(viewer), id);
  if (!row) throw new NotFoundError();
  return row;
}

export async function degreeOptions(db: Knex) {
  return practiceProviderRecords.degreeOptions(db);
}

export interface ProviderUpload {
  file?: UploadedImage;
  uploadError?: string;
}

async function checkInput(db: Knex, body: Record<string, unknown>, upload: ProviderUpload, hadImage: boolean) {
  const file = chosenFile(upload.file);
  const degreeIds = (await practiceProviderRecords.degreeOptions(db)).map((d) => d.id);
  const checked = validateUnregistered(body, { degreeIds, hasImage: hadImage || Boolean(file) });
  const errors = { ...(checked.errors ?? {}) };
  const imageError = upload.uploadError ?? (file ? await imageProblem(file) : null);
  if (imageError) errors.image = imageError;
  // Changing the picture of an existing provider asks first (a checkbox, so it works without JavaScript).
  if (file && hadImage && !imageError && String(body.replace_image ?? '') !== '1')
    errors.image = PRACTICE_MESSAGES.replaceImage;
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { value: checked.value!, file };
}

export async function addUnregistered(
  deps: PracticeDeps,
  viewer: Viewer,
  body: Record<string, unknown>,
  upload: ProviderUpload,
): Promise<number> {
  const id = practiceId(viewer);
  const { value, file } = await checkInput(deps.db, body, upload, false);
  return withStoredPicture(deps.storage, 'clinician', file, (key) =>
    deps.db.transaction((trx) => practiceProviderRecords.insertUnregistered(trx, id, { ...value, image_key: key! })),
  );
}

export async function updateUnregistered(
  deps: PracticeDeps,
  viewer: Viewer,
  rowId: number,
  body: Record<string, unknown>,
  upload: ProviderUpload,
): Promise<void> {
  const id = practiceId(viewer);
  const existing = await loadUnregistered(deps.db, viewer, rowId);
  const { value, file } = await checkInput(deps.db, body, upload, Boolean(existing.image_key));
  const replaced = await withStoredPicture(deps.storage, 'clinician', file, (key) =>
    deps.db.transaction(async (trx) => {
      const current = await practiceProviderRecords.findUnregistered(trx, id, rowId, true);
      if (!current) throw new NotFoundError();
      await practiceProviderRecords.updateUnregistered(trx, id, rowId, {
        ...value,
        ...(key ? { image_key: key } : {}),
      });
      return key ? current.image_key : null;
    }),
  );
  await discardPicture(deps.storage, replaced);
}

export async function deleteUnregistered(deps: PracticeDeps, viewer: Viewer, rowId: number): Promise<UnregisteredRow> {
  const id = practiceId(viewer);
  const row = await deps.db.transaction(async (trx) => {
    const current = await practiceProviderRecords.findUnregistered(trx, id, rowId, true);
    if (!current) throw new NotFoundError();
    await practiceProviderRecords.deleteUnregistered(trx, id, rowId);
    return current;
  });
  await discardPicture(deps.storage, row.image_key);
  return row;
}

/** Serves only keys of a recorded provider picture (public directory pictures, unguessable keys). */
export async function storedProviderImage(deps: PracticeDeps, key: string) {
  if (!IMAGE_KEY.clinician.test(key) || !(await practiceProviderRecords.imageKeyExists(deps.db, key))) return null;
  return deps.storage.get(key);
}
