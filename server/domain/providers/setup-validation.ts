// The wizard's forms and their messages, word for word from spec 1 §5 "Onboarding pages" and
// spec 2 §5 "About practice", "Tag selections" and "Sessions and fees".
import Joi from 'joi';
import { SELECTION_RULES, selectOneOrMore, tagSelection } from '../tags';
import { OFFICE_FIELDS } from '../locations';
import { FEE_AND_LENGTH, feeField, lengthField } from './fee-fields';
import { validate } from '../../lib/validation';

export const LOCATION_MESSAGES = {
  states: 'Please select at least one state',
  bothOptedOut: 'At least one online or physical location must be entered.',
  error: 'There was an error creating your locations.',
} as const;

export const GO_LIVE_MESSAGES = { ready: 'Gotta be ready!' } as const;

export const INSURANCE_MESSAGES = {
  confirm: 'Please confirm that you are in-network with the insurances you selected.',
} as const;

const checkbox = () =>
  Joi.boolean().truthy('1', 'on', 'yes', 'true').falsy('0', 'off', 'no', 'false', '').default(false);

// --- Locations (spec 1 §5) ---------------------------------------------------------------------

/** A field of the physical location (the shared office rules): required unless there is no physical location. */
const officeField = (field: Joi.Schema) =>
  Joi.any().when('no_physical_location', { is: true, then: Joi.any().strip(), otherwise: field });

export const locationsSchema = Joi.object({
  no_online_sessions: checkbox(),
  no_physical_location: checkbox(),
  states: Joi.any().when('no_online_sessions', {
    is: true,
    then: Joi.any().strip(),
    otherwise: Joi.array().single().items(Joi.string().trim().uppercase().length(2)).min(1).required().messages({
      'array.min': LOCATION_MESSAGES.states,
      'any.required': LOCATION_MESSAGES.states,
      'string.length': 'Please choose states from the list.',
    }),
  }),
  address: officeField(OFFICE_FIELDS.address()),
  address_2: officeField(OFFICE_FIELDS.address_2()),
  city: officeField(OFFICE_FIELDS.city()),
  zip: officeField(OFFICE_FIELDS.zip()),
  state: officeField(OFFICE_FIELDS.state()),
})
  .custom((value, helpers) =>
    value.no_online_sessions && value.no_physical_location ? helpers.error('any.invalid') : value,
  )
  .messages({ 'any.invalid': LOCATION_MESSAGES.bothOptedOut });

export interface LocationsInput {
  no_online_sessions: boolean;
  no_physical_location: boolean;
  states?: string[];
  address?: string;
  address_2?: string;
  city?: string;
  zip?: string;
  state?: string;
}

/** The locations form, with the both-opted-out rule reported on its own key. */
export function validateLocations(body: unknown) {
  const result = validate<LocationsInput>(locationsSchema, body);
  if (result.errors?.form) {
    result.errors.opt_outs = result.errors.form;
    delete result.errors.form;
  }
  return result;
}

// --- Tag selections (spec 2 §5) ------------------------------------------------------------------

// The rules, messages and checkbox-list schema live with the other tag helpers (features/tags).
export {
  atLeast,
  atMost,
  postedIds,
  SELECTION_RULES,
  selectOneOrMore,
  tagSelection,
  type SelectionRule,
} from '../tags';

// --- About You (spec 2 §5 "About practice") -------------------------------------------------------

export function aboutYouSchema(options: { professions: number[]; languages: number[]; degrees: number[] | null }) {
  const oneOrMore = (allowed: number[], field: string) =>
    tagSelection(allowed, { min: 1, max: 50, message: selectOneOrMore(field) });
  return Joi.object({
    professions: oneOrMore(options.professions, 'professions'),
    languages: oneOrMore(options.languages, 'languages'),
    ...(options.degrees ? { degrees: oneOrMore(options.degrees, 'degrees') } : {}),
  });
}

// --- Your Practice (spec 2 §5 "Tag selections", "Sessions and fees") ------------------------------

export function yourPracticeSchema(
  allowed: Record<'clientele' | 'languages' | 'specialties' | 'approaches', number[]>,
) {
  return Joi.object({
    clientele: tagSelection(allowed.clientele, SELECTION_RULES.clientele),
    languages: tagSelection(allowed.languages, SELECTION_RULES.languages),
    specialties: tagSelection(allowed.specialties, SELECTION_RULES.specialties),
    approaches: tagSelection(allowed.approaches, SELECTION_RULES.approaches),
    session_fee_ongoing: feeField().required().messages({ 'any.required': FEE_AND_LENGTH }),
    session_length_ongoing: lengthField().required().messages({ 'any.required': FEE_AND_LENGTH }),
    takes_insurance: Joi.string().valid('yes', 'no').required().messages({
      'any.required': 'Please tell us whether you take insurance.',
      'any.only': 'Please tell us whether you take insurance.',
    }),
  });
}

export interface YourPracticeInput {
  clientele: number[];
  languages: number[];
  specialties: number[];
  approaches: number[];
  session_fee_ongoing: number;
  session_length_ongoing: number;
  takes_insurance: 'yes' | 'no';
}

export function insuranceSchema(allowed: number[]) {
  return Joi.object({
    insurances: tagSelection(allowed, SELECTION_RULES.insurances),
    confirm_in_network: Joi.boolean().truthy('1', 'on').valid(true).required().messages({
      'any.required': INSURANCE_MESSAGES.confirm,
      'any.only': INSURANCE_MESSAGES.confirm,
      'boolean.base': INSURANCE_MESSAGES.confirm,
    }),
  });
}

// --- Go Live (spec 1 §5) ------------------------------------------------------------------------

export const goLiveSchema = Joi.object({
  ready: Joi.boolean().truthy('1', 'on').valid(true).required().messages({
    'any.required': GO_LIVE_MESSAGES.ready,
    'any.only': GO_LIVE_MESSAGES.ready,
    'boolean.base': GO_LIVE_MESSAGES.ready,
  }),
});
