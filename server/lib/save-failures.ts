// The spec's words for a save or a load that failed unexpectedly (the database refusing, a timeout).
// The section-specific texts of spec 2 §8 live with their domain (PROFILE_UPDATE_ERROR, the location and
// availability texts, the testimonial's); these are the general ones. Which form says which is in
// docs/decisions.md ("A failed save loses nothing").

/** Spec 1 §8: any spec 1 form without a text of its own (Account Settings, password, invitations, wizard). */
export const SAVE_FAILED =
  'There was an error saving your changes. Please contact us if you continue to have this issue.';

/** Spec 2 §8: the spec 2 forms that are not a profile, availability, location or testimonial section. */
export const saveFailedContactUs = (supportEmail: string): string =>
  `There was an error saving your changes. Please contact us at ${supportEmail} if you continue to have this issue.`;

/** Spec 1 §8: a profile page whose data could not be read. */
export const PROFILE_LOAD_FAILED = 'There was an error loading your profile.';
