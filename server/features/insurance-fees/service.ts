// The rules of /profile/insurance-fees (spec 2 §2, §3, §5 "Sessions and fees" and "Insurance"). Every
// function loads the profile through the viewer (clinician access; else not found) and saves one
// section in one transaction. Fee and insurance storage is shared with the onboarding wizard.
import type { Knex } from 'knex';
import { HttpError, NotFoundError, ValidationError } from '../../lib/errors';
import type { Viewer } from '../../domain/accounts';
import { insuranceOptions, loadForViewer, insuranceSchema, postedIds } from '../../domain/providers';
import { possessive, wordingFor } from '../../domain/accounts';
import { insuranceFeeRecords } from '../../domain/providers';
import {
  feeNoteSchema,
  MESSAGES,
  otherInformationSchema,
  postedStates,
  SESSION_TYPES,
  validateSessionFees,
  type FeeNoteInput,
  type OtherInformationInput,
} from './validation';
import { validate } from '../../lib/validation';
import { mergeCustomContent } from '../../domain/profile-content';

export interface InsuranceView {
  id: number;
  name: string;
  acceptedStates: string[];
  searchEnabled: boolean;
}

export interface InsuranceFeesData {
  providerId: number;
  type: 'individual' | 'practice';
  /** "your", "your practice's" or "your provider's" (spec 1 §6). */
  possessive: string;
  content: Record<string, unknown>;
  insurances: InsuranceView[];
  locationStates: { code: string; name: string }[];
}

/** Everything the page shows, read through the viewer. */
export async function loadInsuranceFees(db: Knex, viewer: Viewer, providerId: number): Promise<InsuranceFeesData> {
  const record = await loadForViewer(db, viewer, providerId);
  const [carried, states, outs] = await Promise.all([
    insuranceFeeRecords.carriedInsurances(db, providerId),
    insuranceFeeRecords.locationStates(db, providerId),
    insuranceFeeRecords.optOuts(db, providerId),
  ]);
  const optedOut = new Set(outs.map((o) => `${o.tagId}:${o.state}`));
  return {
    providerId,
    type: record.type,
    possessive: possessive(wordingFor(viewer, { id: providerId, accountId: record.accountId, type: record.type })),
    content: record.customContent,
    insurances: carried.map((i) => ({
      ...i,
      acceptedStates: states.map((s) => s.code).filter((code) => !optedOut.has(`${i.id}:${code}`)),
    })),
    locationStates: states,
  };
}

/** Session types, custom sessions and the sliding scale, into custom_content. */
export async function saveSessionFees(
  db: Knex,
  viewer: Viewer,
  providerId: number,
  body: Record<string, unknown>,
): Promise<void> {
  const record = await loadForViewer(db, viewer, providerId);
  const checked = validateSessionFees(body, record.type);
  if (checked.errors) throw new ValidationError(checked.errors);
  const value = checked.value;
  const content: Record<string, unknown> = {
    custom_sessions: value.custom_sessions,
    display_sliding_scale_slots: value.display_sliding_scale_slots,
    session_fee_sliding_scale_min: value.session_fee_sliding_scale_min,
  };
  for (const type of SESSION_TYPES) {
    content[`session_fee_${type}`] = value.sessions[type].fee;
    content[`session_length_${type}`] = value.sessions[type].length;
  }
  await db.transaction(async (trx) => {
    await loadForViewer(trx, viewer, providerId);
    await mergeCustomContent(trx, providerId, content);
  });
}

export async function saveFeeNote(db: Knex, viewer: Viewer, providerId: number, body: unknown): Promise<void> {
  await loadForViewer(db, viewer, providerId);
  const checked = validate<FeeNoteInput>(feeNoteSchema, body);
  if (checked.errors) throw new ValidationError(checked.errors);
  await db.transaction(async (trx) => {
    await loadForViewer(trx, viewer, providerId);
    await mergeCustomContent(trx, providerId, { ...checked.value });
  });
}

export async function saveOtherInformation(db: Knex, viewer: Viewer, providerId: number, body: unknown): Promise<void> {
  await loadForViewer(db, viewer, providerId);
  const checked = validate<OtherInformationInput>(otherInformationSchema, body);
  if (checked.errors) throw new ValidationError(checked.errors);
  await db.transaction(async (trx) => {
    await loadForViewer(trx, viewer, providerId);
    await mergeCustomContent(trx, providerId, { ...checked.value });
  });
}

/** The add-insurances list: insurances not carried yet, narrowed by the filter box. */
export async function insurancesToAdd(db: Knex, providerId: number, filter: string) {
  const carried = new Set((await insuranceFeeRecords.carriedInsurances(db, providerId)).map((i) => i.id));
  const { shown } = await insuranceOptions(db, filter);
  return shown.filter((t) => !carried.has(t.id));
}

/** Adds insurances after the in-network confirmation (the wizard's rule); they start accepted in every state. */
export async function addInsurances(db: Knex, viewer: Viewer, providerId: number, body: unknown): Promise<void> {
  await loadForViewer(db, viewer, providerId);
  const { all } = await insuranceOptions(db, '');
  const checked = validate<{ insurances: number[] }>(insuranceSchema(all.map((t) => t.id)), body);
  if (checked.errors) throw new ValidationError(checked.errors);
  await db.transaction(async (trx) => {
    await loadForViewer(trx, viewer, providerId);
    await insuranceFeeRecords.addInsurances(trx, providerId, checked.value.insurances);
    await mergeCustomContent(trx, providerId, { takes_insurance: true });
  });
}

/**
 * Per-insurance states: the ticked states are accepted, the others become opt-outs. Every insurance
 * that stays needs at least one state (when the provider has location states at all); insurances
 * marked for removal are dropped with their opt-outs.
 */
export async function saveInsuranceStates(
  db: Knex,
  viewer: Viewer,
  providerId: number,
  body: Record<string, unknown>,
): Promise<void> {
  await loadForViewer(db, viewer, providerId);
  await db.transaction(async (trx) => {
    await loadForViewer(trx, viewer, providerId);
    const carried = await insuranceFeeRecords.carriedInsurances(trx, providerId);
    const states = (await insuranceFeeRecords.locationStates(trx, providerId)).map((s) => s.code);
    const removed = new Set(postedIds(body.remove));
    const kept = carried.filter((i) => !removed.has(i.id));
    const errors: Record<string, string> = {};
    const outs: { tagId: number; state: string }[] = [];
    for (const insurance of kept) {
      const ticked = new Set(postedStates(body, insurance.id));
      if (states.length && !states.some((s) => ticked.has(s)))
        errors[`states_${insurance.id}`] = MESSAGES.insuranceStates;
      for (const state of states) if (!ticked.has(state)) outs.push({ tagId: insurance.id, state });
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
    await insuranceFeeRecords.removeInsurances(
      trx,
      providerId,
      carried.filter((i) => removed.has(i.id)).map((i) => i.id),
    );
    await insuranceFeeRecords.replaceOptOuts(
      trx,
      providerId,
      kept.map((i) => i.id),
      outs,
    );
    await mergeCustomContent(trx, providerId, { takes_insurance: kept.length > 0 });
  });
}

/**
 * Spec 2 §7 `tag/{tagId}/search/{enable}`: whether this insurance makes the provider appear in the
 * directory's searches for it, per provider (the insurer-wide tags.search_enabled is not touched). An
 * insurance the profile does not carry is not found.
 */
export async function setInsuranceSearch(
  db: Knex,
  viewer: Viewer,
  providerId: number,
  body: Record<string, unknown>,
): Promise<{ name: string; enabled: boolean }> {
  const tagId = Number(body.tagId);
  if (!Number.isSafeInteger(tagId) || tagId <= 0) throw new NotFoundError();
  const enable = String(body.enable ?? '');
  if (!['0', '1', 'true', 'false'].includes(enable)) throw new HttpError(400, 'enable must be 1 or 0.');
  const enabled = enable === '1' || enable === 'true';
  return db.transaction(async (trx) => {
    await loadForViewer(trx, viewer, providerId);
    const insurance = (await insuranceFeeRecords.carriedInsurances(trx, providerId)).find((i) => i.id === tagId);
    if (!insurance || !(await insuranceFeeRecords.setInsuranceSearch(trx, providerId, tagId, enabled)))
      throw new NotFoundError();
    return { name: insurance.name, enabled };
  });
}
