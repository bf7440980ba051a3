// Custom approaches and custom specialties (spec 2 §3 custom_content, §5 "Custom approaches and
// specialties"): entries of name and description kept in providers.custom_content, each with an id of
// its own so a URL can name one. Ids are found only inside the selected profile: any other id is 404.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { hasContactDetails } from '../../text/contact-details';
import type { Viewer } from '../accounts';
import { editableProfileId } from './selection';
import { mergeCustomContent, readCustomContent } from '../profile-content';

export type CustomKind = 'approaches' | 'specialties';

/** A kind's words, limits and placeholders (what its section shows), and where its entries are kept. */
export interface CustomKindRules {
  key: 'custom_approaches' | 'custom_specialties';
  /** Singular and plural words for headings and flashes. */
  noun: string;
  plural: string;
  nameMax: number;
  descriptionMax: number;
  namePlaceholder: string;
  descriptionPlaceholder: string;
}

/** Approach name 45 / description 280; specialty name 60 / description 500 (spec 2 §5, §9). */
export const CUSTOM_KINDS: Record<CustomKind, CustomKindRules> = {
  approaches: {
    key: 'custom_approaches',
    noun: 'custom approach',
    plural: 'custom approaches',
    nameMax: 45,
    descriptionMax: 280,
    namePlaceholder: 'Approach name',
    descriptionPlaceholder: 'Approach description',
  },
  specialties: {
    key: 'custom_specialties',
    noun: 'custom specialty',
    plural: 'custom specialties',
    nameMax: 60,
    descriptionMax: 500,
    namePlaceholder: 'Specialty name',
    descriptionPlaceholder: 'Specialty description',
  },
};

/** Not in the spec: a bound on how many custom entries one profile keeps (docs/decisions.md). */
export const MAX_CUSTOM_ENTRIES = 20;

export const CUSTOM_MESSAGES = {
  required: (placeholder: string) => `${placeholder} required`,
  maxLength: (n: number) => `Max length reached (${n} characters)`,
  contacts: 'Please do not include URLs, phone numbers, or email addresses in this field!',
  tooMany: (n: number) =>
    `You've reached the maximum number of selections (${n}). Please remove other selections to add more.`,
} as const;

export interface CustomEntry {
  id: string;
  name: string;
  description: string;
}
export interface CustomEntryInput {
  name: string;
  description: string;
}

export const ENTRY_ID = /^[0-9a-f]{12}$/;
const newId = () => crypto.randomBytes(6).toString('hex');

/**
 * The entries of one kind. Entries written before ids existed (e.g. imported data) get an id derived
 * from their position and text, stable until the next write stores real ids.
 */
export function readEntries(content: Record<string, unknown>, kind: CustomKind): CustomEntry[] {
  const list = content[CUSTOM_KINDS[kind].key];
  if (!Array.isArray(list)) return [];
  return list
    .filter((e): e is Record<string, unknown> => Boolean(e) && typeof e === 'object')
    .map((e, index) => {
      const name = typeof e.name === 'string' ? e.name : '';
      const description = typeof e.description === 'string' ? e.description : '';
      const id =
        typeof e.id === 'string' && ENTRY_ID.test(e.id)
          ? e.id
          : crypto.createHash('sha1').update(`${index}\n${name}\n${description}`).digest('hex').slice(0, 12);
      return { id, name, description };
    });
}

/** Checks one entry: both fields required, their maximum lengths, no contact details. */
export function validateEntry(kind: CustomKind, body: Record<string, unknown>): CustomEntryInput {
  const rules = CUSTOM_KINDS[kind];
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const input = { name: text(body.name), description: text(body.description) };
  const errors: Record<string, string> = {};
  const check = (field: 'name' | 'description', placeholder: string, max: number) => {
    const value = input[field];
    if (!value) errors[field] = CUSTOM_MESSAGES.required(placeholder);
    else if (value.length > max) errors[field] = CUSTOM_MESSAGES.maxLength(max);
    else if (hasContactDetails(value)) errors[field] = CUSTOM_MESSAGES.contacts;
  };
  check('name', rules.namePlaceholder, rules.nameMax);
  check('description', rules.descriptionPlaceholder, rules.descriptionMax);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return input;
}

export async function listEntries(db: Knex, providerId: number, kind: CustomKind): Promise<CustomEntry[]> {
  const content = await readCustomContent(db, providerId);
  if (!content) throw new NotFoundError();
  return readEntries(content, kind);
}

/** Reads, changes and writes the list in one transaction with the provider row locked. */
async function changeEntries(
  db: Knex,
  providerId: number,
  kind: CustomKind,
  change: (entries: CustomEntry[]) => CustomEntry[],
): Promise<void> {
  await db.transaction(async (trx) => {
    const content = await readCustomContent(trx, providerId, { forUpdate: true });
    if (!content) throw new NotFoundError();
    const next = change(readEntries(content, kind));
    await mergeCustomContent(trx, providerId, { [CUSTOM_KINDS[kind].key]: next });
  });
}

const findOrNotFound = (entries: CustomEntry[], id: string) => {
  const index = entries.findIndex((e) => e.id === id);
  if (index < 0) throw new NotFoundError();
  return index;
};

export async function addEntry(
  db: Knex,
  providerId: number,
  kind: CustomKind,
  body: Record<string, unknown>,
): Promise<CustomEntry> {
  const input = validateEntry(kind, body);
  const entry = { id: newId(), ...input };
  await changeEntries(db, providerId, kind, (entries) => {
    if (entries.length >= MAX_CUSTOM_ENTRIES)
      throw new ValidationError({ name: CUSTOM_MESSAGES.tooMany(MAX_CUSTOM_ENTRIES) });
    return [...entries, entry];
  });
  return entry;
}

/** Finds the entry first (404 before any validation message), then checks and saves the new text. */
export async function updateEntry(
  db: Knex,
  providerId: number,
  kind: CustomKind,
  id: string,
  body: Record<string, unknown>,
): Promise<void> {
  await findEntry(db, providerId, kind, id);
  const input = validateEntry(kind, body);
  await changeEntries(db, providerId, kind, (entries) => {
    const index = findOrNotFound(entries, id);
    return entries.map((e, i) => (i === index ? { id, ...input } : e));
  });
}

export async function deleteEntry(db: Knex, providerId: number, kind: CustomKind, id: string): Promise<CustomEntry> {
  let removed: CustomEntry | undefined;
  await changeEntries(db, providerId, kind, (entries) => {
    const index = findOrNotFound(entries, id);
    removed = entries[index];
    return entries.filter((_e, i) => i !== index);
  });
  return removed!;
}

export async function findEntry(db: Knex, providerId: number, kind: CustomKind, id: string): Promise<CustomEntry> {
  if (!ENTRY_ID.test(id)) throw new NotFoundError();
  const entries = await listEntries(db, providerId, kind);
  return entries[findOrNotFound(entries, id)]!;
}

/** One kind's entries on the viewer's selected profile, as the custom-entry routes use them. */
export function customEntryStore(db: Knex, kind: CustomKind) {
  const providerId = (viewer: Viewer) => editableProfileId(viewer);
  return {
    noun: CUSTOM_KINDS[kind].noun,
    isId: (id: string) => ENTRY_ID.test(id),
    add: (viewer: Viewer, body: Record<string, unknown>) => addEntry(db, providerId(viewer), kind, body),
    update: (viewer: Viewer, id: string, body: Record<string, unknown>) =>
      updateEntry(db, providerId(viewer), kind, id, body),
    remove: (viewer: Viewer, id: string) => deleteEntry(db, providerId(viewer), kind, id),
    find: (viewer: Viewer, id: string) => findEntry(db, providerId(viewer), kind, id),
  };
}
