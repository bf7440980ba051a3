// The view models of the insurance-fees page, built from what the services load (routes stay thin).
import type {
  FeeNoteValues,
  OtherValues,
  SessionFeesValues,
} from '../../../views/pages/insurance-fees/InsuranceFeesPage';
import { MAX_CUSTOM_SESSIONS, OON_OPTIONS, SESSION_TYPE_LABELS, SESSION_TYPES } from './validation';
import { text, isChecked } from '../../lib/form';
const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? [value] : [];

/** Blank custom-session rows offered under the saved ones. */
const BLANK_CUSTOM_ROWS = 2;

export function withBlankRows(rows: SessionFeesValues['custom']): SessionFeesValues['custom'] {
  const blanks = Math.max(0, Math.min(BLANK_CUSTOM_ROWS, MAX_CUSTOM_SESSIONS - rows.length));
  return [...rows, ...Array.from({ length: blanks }, () => ({ name: '', fee: '', length: '' }))];
}

export function sessionFeesValues(source: Record<string, unknown>, posted: boolean): SessionFeesValues {
  const sessions = SESSION_TYPES.map((type) => ({
    type,
    label: SESSION_TYPE_LABELS[type],
    fee: text(source[`session_fee_${type}`]),
    length: text(source[`session_length_${type}`]),
  }));
  let custom: SessionFeesValues['custom'];
  if (posted) {
    const rows = Array.from({ length: MAX_CUSTOM_SESSIONS }, (_, i) => ({
      name: text(source[`custom_session_name_${i}`]),
      fee: text(source[`custom_session_fee_${i}`]),
      length: text(source[`custom_session_length_${i}`]),
    }));
    let last = rows.length - 1;
    while (last >= 0 && !rows[last]!.name && !rows[last]!.fee && !rows[last]!.length) last -= 1;
    custom = withBlankRows(rows.slice(0, last + 1));
  } else {
    const saved = Array.isArray(source.custom_sessions) ? (source.custom_sessions as Record<string, unknown>[]) : [];
    custom = withBlankRows(
      saved
        .slice(0, MAX_CUSTOM_SESSIONS)
        .map((row) => ({ name: text(row.name), fee: text(row.fee), length: text(row.length) })),
    );
  }
  return {
    sessions,
    custom,
    displaySlidingScale: isChecked(source.display_sliding_scale_slots),
    slidingScaleMin: text(source.session_fee_sliding_scale_min),
  };
}

export const feeNoteValues = (source: Record<string, unknown>): FeeNoteValues => ({
  message: text(source.custom_fee_message),
  display: isChecked(source.display_custom_fee_message),
});

export const otherValues = (source: Record<string, unknown>): OtherValues => ({
  paymentMethods: list(source.payment_methods),
  sessionFrequency: list(source.session_frequency),
  oon: OON_OPTIONS.filter((o) => isChecked(source[o.key])).map((o) => o.key),
});
