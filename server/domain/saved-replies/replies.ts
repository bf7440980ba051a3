// Saved replies (issue [22] item 2): an account's reusable answers, kept, listed and changed by its owners and
// intake coordinators (the policy's canManageSavedReplies; the caller names the account). Every id is looked
// up within the account, so another account's reply is not found.
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { MERGE_FIELDS, unknownMergeFields } from './merge';
import * as repo from './repo';

export const TITLE_MAX_LENGTH = 100;
export const BODY_MAX_LENGTH = 5000;
/** An account keeps at most this many: the thread's picker lists them all in one select. */
export const MAX_SAVED_REPLIES = 200;
export const SAVED_REPLIES_PAGE_SIZE = 20;

const fieldList = MERGE_FIELDS.map((f) => `{{${f.name}}}`);
const allowed = `${fieldList.slice(0, -1).join(', ')} or ${fieldList.at(-1)}`;

export const SAVED_REPLY_TEXTS = {
  titleRequired: 'Enter a title for the saved reply.',
  titleTooLong: `The title can be at most ${TITLE_MAX_LENGTH} characters.`,
  titleTaken: 'Your account already has a saved reply with this title.',
  bodyRequired: 'Enter the text of the saved reply.',
  bodyTooLong: `The text can be at most ${BODY_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  unknownField: (names: string[]) =>
    `${names.map((n) => `{{${n}}}`).join(', ')} ${names.length === 1 ? 'is not a merge field' : 'are not merge fields'}. Use ${allowed}.`,
  tooMany: `Your account can keep at most ${MAX_SAVED_REPLIES} saved replies. Delete one you no longer use to add another.`,
} as const;

export interface SavedReply {
  id: number;
  title: string;
  body: string;
  updatedAt: Date;
}

export interface SavedReplyInput {
  title: unknown;
  body: unknown;
}

/** The title and body as they will be kept (trimmed), or a ValidationError with a message per field. */
export function checkSavedReply(input: SavedReplyInput): { title: string; body: string } {
  const title = typeof input.title === 'string' ? input.title.trim() : '';
  const body = typeof input.body === 'string' ? input.body.trim() : '';
  const errors: Record<string, string> = {};
  if (!title) errors.title = SAVED_REPLY_TEXTS.titleRequired;
  else if (title.length > TITLE_MAX_LENGTH) errors.title = SAVED_REPLY_TEXTS.titleTooLong;
  if (!body) errors.body = SAVED_REPLY_TEXTS.bodyRequired;
  else if (body.length > BODY_MAX_LENGTH) errors.body = SAVED_REPLY_TEXTS.bodyTooLong;
  else {
    // A typo in a field name would reach the client as written: refused here, where it can be fixed.
    const unknown = unknownMergeFields(body);
    if (unknown.length) errors.body = SAVED_REPLY_TEXTS.unknownField(unknown);
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { title, body };
}

/** A page (1-based, clamped to the last) of the account's saved replies, in title order. */
export async function listSavedReplies(
  db: Knex,
  accountId: number,
  requestedPage: number,
): Promise<{ replies: SavedReply[]; page: number; pageCount: number; total: number }> {
  const total = await repo.countReplies(db, accountId);
  const pageCount = Math.max(1, Math.ceil(total / SAVED_REPLIES_PAGE_SIZE));
  const page = Math.min(Math.max(Math.trunc(requestedPage) || 1, 1), pageCount);
  const replies = total
    ? await repo.repliesPage(db, accountId, {
        limit: SAVED_REPLIES_PAGE_SIZE,
        offset: (page - 1) * SAVED_REPLIES_PAGE_SIZE,
      })
    : [];
  return { replies, page, pageCount, total };
}

/** Every saved reply of the account, in title order (at most MAX_SAVED_REPLIES): the thread's picker. */
export function allSavedReplies(db: Knex, accountId: number): Promise<SavedReply[]> {
  return repo.repliesPage(db, accountId, { limit: MAX_SAVED_REPLIES, offset: 0 });
}

/** One saved reply of the account; another account's, or none, is not found. */
export async function findSavedReply(db: Knex, accountId: number, id: number): Promise<SavedReply> {
  const reply = Number.isSafeInteger(id) && id > 0 ? await repo.findReply(db, accountId, id) : null;
  if (!reply) throw new NotFoundError();
  return reply;
}

const titleTaken = () => new ValidationError({ title: SAVED_REPLY_TEXTS.titleTaken });

export async function createSavedReply(
  db: Knex,
  actor: { accountId: number; userId: number },
  input: SavedReplyInput,
): Promise<{ id: number; title: string }> {
  const reply = checkSavedReply(input);
  try {
    return await db.transaction(async (trx) => {
      await repo.lockAccountReplies(trx, actor.accountId);
      if ((await repo.countReplies(trx, actor.accountId)) >= MAX_SAVED_REPLIES)
        throw new ValidationError({ form: SAVED_REPLY_TEXTS.tooMany });
      const id = await repo.insertReply(trx, { ...actor, ...reply });
      return { id, title: reply.title };
    });
  } catch (error) {
    if (repo.isDuplicateTitle(error)) throw titleTaken();
    throw error;
  }
}

export async function updateSavedReply(
  db: Knex,
  actor: { accountId: number; userId: number },
  id: number,
  input: SavedReplyInput,
): Promise<{ id: number; title: string }> {
  await findSavedReply(db, actor.accountId, id);
  const reply = checkSavedReply(input);
  try {
    if (!(await repo.updateReply(db, { ...actor, id, ...reply }))) throw new NotFoundError();
  } catch (error) {
    if (repo.isDuplicateTitle(error)) throw titleTaken();
    throw error;
  }
  return { id, title: reply.title };
}

/** Deletes one of the account's saved replies for good; another account's, or one already gone, is not found. */
export async function deleteSavedReply(db: Knex, accountId: number, id: number): Promise<void> {
  if (!(Number.isSafeInteger(id) && id > 0 && (await repo.deleteReply(db, accountId, id)))) throw new NotFoundError();
}
