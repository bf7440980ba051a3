// The headshot upload's limits (spec 1 §9): one picture of at most 15 MB.
export const PHOTO_FIELD = 'headshot';
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
