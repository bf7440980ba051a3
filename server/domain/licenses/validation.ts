// Licence rows and the supervisor licence (spec 2 §5 "Licences (edit form)", §9), with the spec's
// messages word for word. Pure: the service supplies the known states and the stored rows.
import Joi from 'joi';
import { validate } from '../../lib/validation';
import { text } from '../../lib/form';

export const LICENSE_MESSAGES = {
  state: 'License State is required',
  number: 'License Number is required',
  numberMax: 'License Number has a max length of 60 characters.',
  type: 'License Type is required',
  expiration: 'License Expiration Year is required',
  // Not quoted in the spec (docs/decisions.md): a type longer than a sensible title, or a tampered year.
  typeMax: 'License Type has a max length of 100 characters.',
  yearFromList: 'Please choose an expiration year from the list.',
  deleteConfirm: "Are you sure you'd like to delete this credential?",
} as const;

export const SUPERVISOR_MESSAGES = {
  name: "Enter the supervisor's name",
  number: "Enter the supervisor's license number",
  numberMax: 'Supervisor License Number has a max length of 60 characters.',
  type: "Enter the supervisor's license type",
  noLicense: 'Please add your license before adding a supervisor license.',
  removeConfirm: "Are you sure you'd like to remove this supervisor license?",
} as const;

export const LICENSE_NUMBER_MAX = 60;
export const LICENSE_TYPE_MAX = 100;
export const VERIFICATION_STATUSES = ['Verified', 'Unverified', 'Legacy', 'Not found'] as const;
export type Verification = (typeof VERIFICATION_STATUSES)[number];

/** 70 years, from the current UTC year + 20 downward (spec 2 §5, §9). */
export function expirationYears(now = new Date()): number[] {
  const top = now.getUTCFullYear() + 20;
  return Array.from({ length: 70 }, (_, i) => top - i);
}

/** A licence row as posted: every field a string (what the person typed, kept for a 422 re-render). */
export interface PostedLicenseRow {
  id: string;
  state: string;
  number: string;
  license_type: string;
  expiration: string;
}
export interface LicenseRowInput {
  id: number | null;
  state: string;
  number: string;
  license_type: string;
  expiration: number;
}

const FIELDS = ['id', 'state', 'number', 'license_type', 'expiration'] as const;

/**
 * The rows of a posted form: `licenses[i][field]` keys of a url-encoded body (extended parsing is off),
 * or a `licenses` array of a JSON body (spec 2 §7 "licenses (id, state, number, license_type, expiration)").
 */
export function postedLicenseRows(body: Record<string, unknown> | undefined): PostedLicenseRow[] {
  const empty = (): PostedLicenseRow => ({ id: '', state: '', number: '', license_type: '', expiration: '' });
  if (Array.isArray(body?.licenses)) {
    return body.licenses.map(
      (row: Record<string, unknown>) =>
        Object.fromEntries(FIELDS.map((f) => [f, text(row?.[f])])) as unknown as PostedLicenseRow,
    );
  }
  const rows = new Map<number, PostedLicenseRow>();
  for (const [key, value] of Object.entries(body ?? {})) {
    const match = /^licenses\[(\d{1,3})\]\[(id|state|number|license_type|expiration)\]$/.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const row = rows.get(index) ?? empty();
    row[match[2] as (typeof FIELDS)[number]] = text(Array.isArray(value) ? value[0] : value);
    rows.set(index, row);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

/** A new row is checked only when any field is filled (spec 2 §5); a stored licence always is. */
export const isBlankNewRow = (row: PostedLicenseRow) =>
  !row.id.trim() && !row.state.trim() && !row.number.trim() && !row.license_type.trim() && !row.expiration.trim();

function rowSchema(states: string[], years: number[]) {
  return Joi.object({
    id: Joi.number().integer().positive().allow(null).empty('').default(null),
    state: Joi.string()
      .trim()
      .uppercase()
      .valid(...states)
      .required()
      .empty('')
      .messages({
        'any.required': LICENSE_MESSAGES.state,
        'any.only': LICENSE_MESSAGES.state,
      }),
    number: Joi.string().trim().max(LICENSE_NUMBER_MAX).required().empty('').messages({
      'any.required': LICENSE_MESSAGES.number,
      'string.max': LICENSE_MESSAGES.numberMax,
    }),
    license_type: Joi.string().trim().max(LICENSE_TYPE_MAX).required().empty('').messages({
      'any.required': LICENSE_MESSAGES.type,
      'string.max': LICENSE_MESSAGES.typeMax,
    }),
    expiration: Joi.number()
      .integer()
      .valid(...years)
      .required()
      .empty('')
      .messages({
        'any.required': LICENSE_MESSAGES.expiration,
        'number.base': LICENSE_MESSAGES.yearFromList,
        'number.integer': LICENSE_MESSAGES.yearFromList,
        'any.only': LICENSE_MESSAGES.yearFromList,
      }),
  });
}

/**
 * Checks the rows; errors are keyed `licenses[i][field]` (the posted names). A stored licence may keep
 * the year it already has even when that year has left the list (`storedYears` by id).
 */
export function validateLicenseRows(
  rows: PostedLicenseRow[],
  options: { states: string[]; now?: Date; storedYears?: Map<number, number | null> },
): { rows: (LicenseRowInput & { index: number })[]; errors: Record<string, string> | null } {
  const years = expirationYears(options.now);
  const valid: (LicenseRowInput & { index: number })[] = [];
  const errors: Record<string, string> = {};
  rows.forEach((row, index) => {
    if (isBlankNewRow(row)) return;
    const stored = options.storedYears?.get(Number(row.id));
    const allowedYears = typeof stored === 'number' && !years.includes(stored) ? [...years, stored] : years;
    const checked = validate<LicenseRowInput>(rowSchema(options.states, allowedYears), row);
    if (checked.errors) {
      for (const [field, message] of Object.entries(checked.errors)) errors[`licenses[${index}][${field}]`] = message;
    } else valid.push({ ...checked.value, index });
  });
  return { rows: valid, errors: Object.keys(errors).length ? errors : null };
}

// --- Supervisor licence ---------------------------------------------------------------------------

export interface SupervisorInput {
  supervisor_name: string;
  supervisor_license: string;
  supervisor_license_type: string;
}

/** All three are needed to submit (spec 2 §5); the form also marks them required for the browser. */
export const supervisorSchema = Joi.object<SupervisorInput>({
  supervisor_name: Joi.string().trim().max(200).required().empty('').messages({
    'any.required': SUPERVISOR_MESSAGES.name,
    'string.max': 'Supervisor Name has a max length of 200 characters.',
  }),
  supervisor_license: Joi.string().trim().max(LICENSE_NUMBER_MAX).required().empty('').messages({
    'any.required': SUPERVISOR_MESSAGES.number,
    'string.max': SUPERVISOR_MESSAGES.numberMax,
  }),
  supervisor_license_type: Joi.string().trim().max(LICENSE_TYPE_MAX).required().empty('').messages({
    'any.required': SUPERVISOR_MESSAGES.type,
    'string.max': 'Supervisor License Type has a max length of 100 characters.',
  }),
});

/** The support command accepts the stored spelling or a shell-friendly one ("not-found"). */
export function parseVerification(value: string | undefined): Verification | null {
  const wanted = (value ?? '').trim().toLowerCase().replace(/[-_]/g, ' ');
  return VERIFICATION_STATUSES.find((status) => status.toLowerCase() === wanted) ?? null;
}
