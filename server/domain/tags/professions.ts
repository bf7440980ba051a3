// Which profession tags a person may choose for a profile.

/** Profession tags the About You form never offers (spec 2 §5); they still exist for directory use. */
export const EXCLUDED_PROFESSIONS = [
  'Therapist',
  'Medication prescriber',
  'Dietitian',
  'Group practice',
  'Treatment center',
];
