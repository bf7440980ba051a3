// Tag selections (spec 2 §5 "Tag selections", §9): how many of each list a provider may pick, and the
// spec's messages word for word. Shared by onboarding and the profile pages.
import Joi from 'joi';

export interface SelectionRule {
  min: number;
  max: number;
  message?: string;
  maxMessage?: string;
}

export const atLeast = (n: number) => `You must have at least ${n} selection(s).`;
export const atMost = (n: number) =>
  `You've reached the maximum number of selections (${n}). Please remove other selections to add more.`;
export const selectOneOrMore = (field: string) => `Please select one or more ${field}.`;
export const TOP_SPECIALTIES_MAX = 6;
export const TOP_SPECIALTIES_MESSAGE = `You've reached the maximum number of specialties (${TOP_SPECIALTIES_MAX})...`;
export const CHOOSE_FROM_LIST = 'Please choose from the list.';

/**
 * Approaches 1–20, specialties (general expertise) 3–20, top specialties up to 6, everything else 1–20
 * (spec 2 §5). Genders and identities describe the provider personally: optional (docs/decisions.md).
 */
export const SELECTION_RULES = {
  clientele: { min: 1, max: 20 },
  languages: { min: 1, max: 20 },
  specialties: { min: 3, max: 20 },
  top_specialties: { min: 1, max: TOP_SPECIALTIES_MAX, maxMessage: TOP_SPECIALTIES_MESSAGE },
  approaches: { min: 1, max: 20 },
  genders: { min: 0, max: 20 },
  identities: { min: 0, max: 20 },
  insurances: { min: 1, max: 200 },
} satisfies Record<string, SelectionRule>;

/** A checkbox list of tag ids: only ids of the offered tags, between min and max of them. */
export function tagSelection(allowed: number[], rule: SelectionRule) {
  const few = rule.message ?? atLeast(rule.min);
  const list = Joi.array()
    .single()
    .items(
      Joi.number()
        .integer()
        .valid(...allowed),
    )
    .unique()
    .min(rule.min)
    .max(rule.max);
  return (rule.min === 0 ? list.default([]) : list.required()).messages({
    'array.min': few,
    'any.required': few,
    'array.max': rule.maxMessage ?? rule.message ?? atMost(rule.max),
    'any.only': CHOOSE_FROM_LIST,
    'number.base': CHOOSE_FROM_LIST,
    'array.unique': 'Please choose each option once.',
  });
}

/** Reads a posted checkbox list back into ids (to re-render a failed form with what was ticked). */
export function postedIds(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  return list.map(Number).filter((n) => Number.isInteger(n) && n > 0);
}
