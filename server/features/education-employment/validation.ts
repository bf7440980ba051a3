// Education and employment lines (spec 2 §3 custom_content education_v2 / employment_v2 /
// year_earned_grad_degree, §5 "Work and education", §9 year lists of 70 years), with the spec's messages.
import { text } from '../../lib/form';

export const HEADERS = {
  institution: 'Institution',
  degree: 'Degree',
  completion: 'Completion Year',
  employer: 'Employer',
  position: 'Position',
  start: 'Start Year',
  end: 'End Year',
  year_earned_grad_degree: 'Year Earned Graduate Degree',
} as const;

export const MESSAGES = {
  required: (header: string) => `${header} required`,
  atLeastOne: 'You must have at least one line item.',
  // Not in the spec (ours): a year that is not one of the options, an end before the start, overlong text.
  yearFromList: 'Please choose a year from the list.',
  endBeforeStart: 'End Year cannot be before Start Year.',
  tooLong: (max: number) => `Max length reached (${max} characters)`,
  error: 'There was an error updating your profile.',
} as const;

export const PRESENT = 'Present';
export const YEAR_SPAN = 70;
export const MAX_LINES = 20;
export const MAX_TEXT = 200;

/** Years offered: the current (UTC) year and back, 70 in all, newest first. */
export function yearOptions(now = new Date()): string[] {
  const current = now.getUTCFullYear();
  return Array.from({ length: YEAR_SPAN }, (_, i) => String(current - i));
}

export interface EducationLine {
  institution: string;
  degree: string;
  completion: string;
}
export interface EmploymentLine {
  employer: string;
  position: string;
  when: { start: string; end: string };
}
/** A line as posted (kept for the re-render), with its remove flag. */
export type Posted<T> = T & { remove: boolean };

const isChecked = (value: unknown) => ['1', 'on', 'true'].includes(text(value));
const lineCount = (value: unknown) => Math.min(Math.max(Number.parseInt(text(value), 10) || 0, 0), MAX_LINES + 1);

export function postedEducation(body: Record<string, unknown>): Posted<EducationLine>[] {
  return Array.from({ length: lineCount(body.education_count) }, (_, i) => ({
    institution: text(body[`education-${i}-institution`]),
    degree: text(body[`education-${i}-degree`]),
    completion: text(body[`education-${i}-completion`]),
    remove: isChecked(body[`education-${i}-remove`]),
  }));
}

export function postedEmployment(body: Record<string, unknown>): Posted<EmploymentLine>[] {
  return Array.from({ length: lineCount(body.employment_count) }, (_, i) => ({
    employer: text(body[`employment-${i}-employer`]),
    position: text(body[`employment-${i}-position`]),
    when: { start: text(body[`employment-${i}-start`]), end: text(body[`employment-${i}-end`]) },
    remove: isChecked(body[`employment-${i}-remove`]),
  }));
}

type Errors = Record<string, string>;

function requireText(errors: Errors, key: string, header: string, value: string): string {
  const trimmed = value.trim();
  if (!trimmed) errors[key] = MESSAGES.required(header);
  else if (trimmed.length > MAX_TEXT) errors[key] = MESSAGES.tooLong(MAX_TEXT);
  return trimmed;
}

function requireYear(errors: Errors, key: string, header: string, value: string, years: Set<string>): string {
  const trimmed = value.trim();
  if (!trimmed) errors[key] = MESSAGES.required(header);
  else if (!years.has(trimmed)) errors[key] = MESSAGES.yearFromList;
  return trimmed;
}

/**
 * A line is checked when any field is filled and it is not marked for removal; an untouched line (the
 * empty one always offered) is ignored. At least one line must remain.
 */
export function validateEducation(
  body: Record<string, unknown>,
  now = new Date(),
): { value: { education_v2: EducationLine[]; year_earned_grad_degree: number }; errors: Errors | null } {
  const years = new Set(yearOptions(now));
  const errors: Errors = {};
  const lines: EducationLine[] = [];
  postedEducation(body).forEach((line, i) => {
    if (line.remove || ![line.institution, line.degree, line.completion].some((v) => v.trim())) return;
    lines.push({
      institution: requireText(errors, `education-${i}-institution`, HEADERS.institution, line.institution),
      degree: requireText(errors, `education-${i}-degree`, HEADERS.degree, line.degree),
      completion: requireYear(errors, `education-${i}-completion`, HEADERS.completion, line.completion, years),
    });
  });
  if (!lines.length) errors.education = MESSAGES.atLeastOne;
  const grad = requireYear(
    errors,
    'year_earned_grad_degree',
    HEADERS.year_earned_grad_degree,
    text(body.year_earned_grad_degree),
    years,
  );
  return {
    value: { education_v2: lines.slice(0, MAX_LINES), year_earned_grad_degree: Number(grad) },
    errors: Object.keys(errors).length ? errors : null,
  };
}

export function validateEmployment(
  body: Record<string, unknown>,
  now = new Date(),
): { value: { employment_v2: EmploymentLine[] }; errors: Errors | null } {
  const years = new Set(yearOptions(now));
  const endYears = new Set([PRESENT, ...years]);
  const errors: Errors = {};
  const lines: EmploymentLine[] = [];
  postedEmployment(body).forEach((line, i) => {
    if (line.remove || ![line.employer, line.position, line.when.start, line.when.end].some((v) => v.trim())) return;
    const employer = requireText(errors, `employment-${i}-employer`, HEADERS.employer, line.employer);
    const position = line.position.trim();
    if (position.length > MAX_TEXT) errors[`employment-${i}-position`] = MESSAGES.tooLong(MAX_TEXT);
    const start = requireYear(errors, `employment-${i}-start`, HEADERS.start, line.when.start, years);
    const end = requireYear(errors, `employment-${i}-end`, HEADERS.end, line.when.end, endYears);
    if (
      !errors[`employment-${i}-start`] &&
      !errors[`employment-${i}-end`] &&
      end !== PRESENT &&
      Number(end) < Number(start)
    ) {
      errors[`employment-${i}-end`] = MESSAGES.endBeforeStart;
    }
    lines.push({ employer, position, when: { start, end } });
  });
  if (!lines.length) errors.employment = MESSAGES.atLeastOne;
  return { value: { employment_v2: lines.slice(0, MAX_LINES) }, errors: Object.keys(errors).length ? errors : null };
}
