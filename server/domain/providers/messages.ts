// Wording every profile page shares.

/** A profile save that failed unexpectedly (spec 2 §8). */
export const PROFILE_UPDATE_ERROR = 'There was an error updating your profile.';
