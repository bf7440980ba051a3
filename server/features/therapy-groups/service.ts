// Therapy groups of the selected profile (spec 2 §2, §3, §4 "Therapy group status", §5 "Therapy group
// form"). Groups are reached through the viewer's selected profile: another profile's group is not found.
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { Viewer } from '../../domain/accounts';
import type { Storage } from '../../integrations/storage';
import { therapyGroupRecords } from '../../domain/providers';
import {
  chosenFile,
  discardPicture,
  IMAGE_KEY,
  imageProblem,
  type UploadedImage,
  withStoredPicture,
} from '../../domain/images';
import { expiryMoment, validateGroup, type GroupInput } from './validation';
import { selectedEditableProvider } from '../../domain/accounts';

export interface GroupDeps {
  db: Knex;
  storage: Storage;
}
export type GroupRow = therapyGroupRecords.GroupRow;

/** Creating a group while the profile is not active (the page offers no Add button then). */
export class GroupCreationNotAllowed extends Error {}

export interface GroupUpload {
  file?: UploadedImage;
  uploadError?: string;
}

/** The selected profile, only when the viewer has clinician access to it. */
function selectedProviderId(viewer: Viewer): number {
  return selectedEditableProvider(viewer).id;
}

async function isActive(db: Knex | Knex.Transaction, providerId: number): Promise<boolean> {
  return (await therapyGroupRecords.providerStatus(db, providerId)) === 'active';
}

export async function listGroups(db: Knex, viewer: Viewer) {
  const providerId = selectedProviderId(viewer);
  return {
    groups: await therapyGroupRecords.listGroups(db, providerId),
    profileActive: await isActive(db, providerId),
  };
}

export async function loadGroup(db: Knex, viewer: Viewer, groupId: number): Promise<GroupRow> {
  const group = await therapyGroupRecords.findGroup(db, selectedProviderId(viewer), groupId);
  if (!group) throw new NotFoundError();
  return group;
}

export async function formOptions(db: Knex, viewer: Viewer) {
  const providerId = selectedProviderId(viewer);
  return { states: await therapyGroupRecords.listStates(db), profileActive: await isActive(db, providerId) };
}

/** Checks the post and the picture together, so every message shows at once. */
async function checkInput(
  db: Knex,
  body: unknown,
  upload: GroupUpload,
  context: { profileActive: boolean; hadImage: boolean },
) {
  const file = chosenFile(upload.file);
  const imageError = upload.uploadError ?? (file ? await imageProblem(file) : null);
  const checked = validateGroup(body, {
    profileActive: context.profileActive,
    hasImage: context.hadImage || Boolean(file),
  });
  const states = new Set((await therapyGroupRecords.listStates(db)).map((s) => s.code));
  const errors = { ...(checked.errors ?? {}) };
  if (imageError) errors.image = imageError;
  if (checked.value && !states.has(checked.value.state)) errors.state = 'Please choose a state from the list.';
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { value: checked.value!, file };
}

const fieldsOf = (value: GroupInput): Omit<therapyGroupRecords.GroupFields, 'image_key'> => ({
  name: value.name,
  status: value.status,
  expired_at: expiryMoment(value.expired_at),
  hours: value.hours,
  costs: value.costs,
  short_description: value.short_description,
  description: value.description,
  remote_location: value.remote_location,
  address: value.address,
  address_2: value.address_2,
  city: value.city,
  state: value.state,
  zip: value.zip,
});

export async function createGroup(
  deps: GroupDeps,
  viewer: Viewer,
  body: unknown,
  upload: GroupUpload,
): Promise<number> {
  const providerId = selectedProviderId(viewer);
  if (!(await isActive(deps.db, providerId))) throw new GroupCreationNotAllowed();
  const { value, file } = await checkInput(deps.db, body, upload, { profileActive: true, hadImage: false });
  return withStoredPicture(deps.storage, 'group', file, (key) =>
    deps.db.transaction(async (trx) => {
      // The status is read again inside the transaction: it may have changed since the form was shown.
      if (!(await isActive(trx, providerId))) throw new GroupCreationNotAllowed();
      return therapyGroupRecords.insertGroup(trx, providerId, { ...fieldsOf(value), image_key: key });
    }),
  );
}

export async function updateGroup(
  deps: GroupDeps,
  viewer: Viewer,
  groupId: number,
  body: unknown,
  upload: GroupUpload,
): Promise<void> {
  const providerId = selectedProviderId(viewer);
  const existing = await loadGroup(deps.db, viewer, groupId);
  const profileActive = await isActive(deps.db, providerId);
  const { value, file } = await checkInput(deps.db, body, upload, {
    profileActive,
    hadImage: Boolean(existing.image_key),
  });
  const replaced = await withStoredPicture(deps.storage, 'group', file, (key) =>
    deps.db.transaction(async (trx) => {
      const current = await therapyGroupRecords.findGroup(trx, providerId, groupId, true);
      if (!current) throw new NotFoundError();
      await therapyGroupRecords.updateGroup(trx, providerId, groupId, {
        ...fieldsOf(value),
        ...(key ? { image_key: key } : {}),
      });
      return key ? current.image_key : null;
    }),
  );
  await discardPicture(deps.storage, replaced);
}

export async function deleteGroup(deps: GroupDeps, viewer: Viewer, groupId: number): Promise<GroupRow> {
  const providerId = selectedProviderId(viewer);
  const group = await deps.db.transaction(async (trx) => {
    const current = await therapyGroupRecords.findGroup(trx, providerId, groupId, true);
    if (!current) throw new NotFoundError();
    await therapyGroupRecords.deleteGroup(trx, providerId, groupId);
    return current;
  });
  await discardPicture(deps.storage, group.image_key);
  return group;
}

/** Serves only keys of a recorded group picture (public directory pictures, unguessable keys). */
export async function storedGroupImage(deps: GroupDeps, key: string) {
  if (!IMAGE_KEY.group.test(key) || !(await therapyGroupRecords.imageKeyExists(deps.db, key))) return null;
  return deps.storage.get(key);
}
