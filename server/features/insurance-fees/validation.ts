// The Insurance & Fees forms and their messages, word for word from spec 2 §3 (session types, payment
// methods, session frequency) and §5 "Sessions and fees", "Text fields" (custom fee note), "Insurance".
import Joi from 'joi';
import { findContactDetails } from '../../text/contact-details';
import { FEE_AND_LENGTH, feeField, lengthField } from '../../domain/providers';
import { text } from '../../lib/form';

export { FEE_AND_LENGTH };

export const SESSION_TYPES = [
  'ongoing',
  'initial',
  'couples',
  'family',
  'group',
  'med_management_and_therapy',
  'med_management',
] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

export const SESSION_TYPE_LABELS: Record<SessionType, string> = {
  ongoing: 'Individual session (ongoing)',
  initial: 'Initial session',
  couples: 'Couples session',
  family: 'Family session',
  group: 'Group session',
  med_management_and_therapy: 'Medication management and therapy',
  med_management: 'Medication management',
};

export const PAYMENT_METHODS = [
  'cash',
  'check',
  'credit_card',
  'debit_card',
  'paypal',
  'venmo',
  'zelle',
  'ivypay',
  'nirvana_health',
] as const;
export const PAYMENT_METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  cash: 'Cash',
  check: 'Check',
  credit_card: 'Credit card',
  debit_card: 'Debit card',
  paypal: 'PayPal',
  venmo: 'Venmo',
  zelle: 'Zelle',
  ivypay: 'IvyPay',
  nirvana_health: 'Nirvana Health',
};

export const SESSION_FREQUENCIES = [
  'weekly',
  'monthly',
  'every_other_week',
  'every_other_month',
  'multiple_times_per_week',
  'any_frequency',
] as const;
export const SESSION_FREQUENCY_LABELS: Record<(typeof SESSION_FREQUENCIES)[number], string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  every_other_week: 'Every other week',
  every_other_month: 'Every other month',
  multiple_times_per_week: 'Multiple times per week',
  any_frequency: 'Any frequency',
};

/** Out-of-network options (spec 2 §5: super billing, courtesy billing, direct billing) and their custom_content keys. */
export const OON_OPTIONS = [
  {
    key: 'offer_oon_reimbursement_superbills',
    label: 'Superbills',
    hint: 'You give clients a superbill to send to their insurance.',
  },
  {
    key: 'offer_oon_reimbursement_courtesy',
    label: 'Courtesy billing',
    hint: 'You submit out-of-network claims for clients as a courtesy.',
  },
  {
    key: 'offer_oon_reimbursement_direct',
    label: 'Direct billing',
    hint: 'You bill the insurance directly; clients pay only their share.',
  },
] as const;
export type OonKey = (typeof OON_OPTIONS)[number]['key'];

/** Custom sessions a profile may list; the form offers the saved ones and two blank rows. */
export const MAX_CUSTOM_SESSIONS = 10;
/** Session name limit: 40 characters for individuals, 80 for practices (spec 2 §9). */
export const sessionNameLimit = (type: 'individual' | 'practice') => (type === 'practice' ? 80 : 40);
export const FEE_NOTE_MAX = 1000;

export const MESSAGES = {
  sessionName: (limit: number) => `Please keep your session name < ${limit} characters`,
  sessionNameMissing: 'Please enter a session name.',
  slidingScale: 'To display a sliding scale, please indicate a lower limit.',
  slidingScaleLower: 'The lower limit of your sliding scale must be lower than your individual session fee.',
  feeNote: 'Please keep your note under 1000 characters!',
  contacts: 'Please do not include URLs, phone numbers, or email addresses in this field!',
  choose: 'Please choose from the list.',
  insuranceStates: 'Ensure at least one state is selected for each active insurance.',
  /** The flash after the directory-search choice of one insurance (our wording: the spec gives none). */
  searchShown: (insurance: string) =>
    `Clients searching the directory for ${insurance} will now find you. Changes appear within 24 business hours.`,
  searchHidden: (insurance: string) =>
    `You will no longer appear in directory searches for ${insurance}; it stays on your profile. Changes appear within 24 business hours.`,
} as const;

const checked = (value: unknown) => ['1', 'on', 'yes', 'true'].includes(text(value));

// --- Session fees ---------------------------------------------------------------------------------

export interface SessionFee {
  fee: number | null;
  length: number | null;
}
export interface CustomSession {
  name: string;
  fee: number;
  length: number;
}
export interface SessionFeesInput {
  sessions: Record<SessionType, SessionFee>;
  custom_sessions: CustomSession[];
  display_sliding_scale_slots: boolean;
  session_fee_sliding_scale_min: number | null;
}

/** One number field: its value, or the field's message. */
function numberOf(schema: Joi.NumberSchema, value: unknown): { value: number | null; error?: string } {
  const { value: parsed, error } = schema.validate(typeof value === 'string' ? value.trim() : value);
  if (error) return { value: null, error: error.details[0]!.message };
  return { value: parsed ?? null };
}

/**
 * Fee and length of every session type (both or neither; the ongoing individual session is
 * required), custom sessions (a row counts when any of its fields is filled), the sliding scale.
 */
export function validateSessionFees(body: Record<string, unknown>, providerType: 'individual' | 'practice') {
  const errors: Record<string, string> = {};
  const sessions = {} as Record<SessionType, SessionFee>;
  for (const type of SESSION_TYPES) {
    const fee = numberOf(feeField(), body[`session_fee_${type}`]);
    const length = numberOf(lengthField(), body[`session_length_${type}`]);
    if (fee.error) errors[`session_fee_${type}`] = fee.error;
    if (length.error) errors[`session_length_${type}`] = length.error;
    const required = type === 'ongoing';
    if (!fee.error && fee.value === null && (required || length.value !== null))
      errors[`session_fee_${type}`] = FEE_AND_LENGTH;
    if (!length.error && length.value === null && (required || fee.value !== null))
      errors[`session_length_${type}`] = FEE_AND_LENGTH;
    sessions[type] = { fee: fee.value, length: length.value };
  }

  const limit = sessionNameLimit(providerType);
  const custom: CustomSession[] = [];
  for (let i = 0; i < MAX_CUSTOM_SESSIONS; i += 1) {
    const name = text(body[`custom_session_name_${i}`]).trim();
    const feeText = text(body[`custom_session_fee_${i}`]).trim();
    const lengthText = text(body[`custom_session_length_${i}`]).trim();
    if (!name && !feeText && !lengthText) continue; // an empty row is no session (emptying a row removes it)
    const fee = numberOf(feeField(), feeText);
    const length = numberOf(lengthField(), lengthText);
    if (!name) errors[`custom_session_name_${i}`] = MESSAGES.sessionNameMissing;
    else if (name.length >= limit) errors[`custom_session_name_${i}`] = MESSAGES.sessionName(limit);
    else if (findContactDetails(name).length) errors[`custom_session_name_${i}`] = MESSAGES.contacts;
    errors[`custom_session_fee_${i}`] = fee.error ?? (fee.value === null ? FEE_AND_LENGTH : '');
    errors[`custom_session_length_${i}`] = length.error ?? (length.value === null ? FEE_AND_LENGTH : '');
    if (fee.value !== null && length.value !== null) custom.push({ name, fee: fee.value, length: length.value });
  }

  const display = checked(body.display_sliding_scale_slots);
  const lower = numberOf(feeField(), body.session_fee_sliding_scale_min);
  if (lower.error) errors.session_fee_sliding_scale_min = lower.error;
  else if (display && lower.value === null) errors.session_fee_sliding_scale_min = MESSAGES.slidingScale;
  else if (lower.value !== null && sessions.ongoing.fee !== null && lower.value >= sessions.ongoing.fee)
    errors.session_fee_sliding_scale_min = MESSAGES.slidingScaleLower;

  for (const key of Object.keys(errors)) if (!errors[key]) delete errors[key];
  if (Object.keys(errors).length) return { errors, value: null };
  const value: SessionFeesInput = {
    sessions,
    custom_sessions: custom,
    display_sliding_scale_slots: display,
    session_fee_sliding_scale_min: lower.value,
  };
  return { errors: null, value };
}

// --- Custom fee note ----------------------------------------------------------------------------------

export const feeNoteSchema = Joi.object({
  custom_fee_message: Joi.string()
    .trim()
    .max(FEE_NOTE_MAX)
    .allow('')
    .default('')
    .custom((value: string, helpers) => (findContactDetails(value).length ? helpers.error('string.contacts') : value))
    .messages({
      'string.max': MESSAGES.feeNote,
      'string.contacts': MESSAGES.contacts,
      'string.base': MESSAGES.feeNote,
    }),
  display_custom_fee_message: Joi.boolean().truthy('1', 'on').falsy('0', '').default(false),
});

export interface FeeNoteInput {
  custom_fee_message: string;
  display_custom_fee_message: boolean;
}

// --- Other Session Information ----------------------------------------------------------------------

const choices = (allowed: readonly string[]) =>
  Joi.array()
    .single()
    .items(Joi.string().valid(...allowed))
    .unique()
    .default([])
    .messages({ 'any.only': MESSAGES.choose, 'array.unique': MESSAGES.choose, 'string.base': MESSAGES.choose });
const flag = () => Joi.boolean().truthy('1', 'on').falsy('0', '').default(false);

export const otherInformationSchema = Joi.object({
  payment_methods: choices(PAYMENT_METHODS),
  session_frequency: choices(SESSION_FREQUENCIES),
  ...Object.fromEntries(OON_OPTIONS.map((option) => [option.key, flag()])),
});

export type OtherInformationInput = { payment_methods: string[]; session_frequency: string[] } & Record<
  OonKey,
  boolean
>;

// --- Insurance states -----------------------------------------------------------------------------------

/** The posted state checkboxes of one insurance (field states_{tagId}). */
export function postedStates(body: Record<string, unknown>, tagId: number): string[] {
  const value = body[`states_${tagId}`];
  const list = Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value];
  return [...new Set(list.map((v) => String(v).trim().toUpperCase()))];
}
