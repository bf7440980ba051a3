// The headshot's wording (spec 1 §5 Onboarding pages "Photos") and the crop the PhotoCropper island
// posts, shared by the wizard and Photos & Video.

export const PHOTO_MESSAGES = {
  missing: 'Please upload a headshot.',
  tooSmall: 'Please select a higher quality photo (at least 100kb)',
  grayscale: 'This photo looks black-and-white or grayscale. Please upload a more colorful picture of yourself.',
  notImage: 'Please upload an image file (JPEG, PNG, WebP, GIF, AVIF or TIFF).',
  oneFile: 'Please upload one photo at a time.',
  tooLarge: 'Please choose a photo smaller than 15 MB.',
  unreadable: 'We could not read that upload. Please try again.',
  error: 'There was an error saving your profile photo.',
} as const;
// --- Photos: the crop the PhotoCropper island writes (fractions); anything else means a centred square.

export interface CropFractions {
  x: number;
  y: number;
  size: number;
}

export function parseCrop(body: Record<string, unknown>): CropFractions | null {
  const number = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN);
  const x = number(body.crop_x);
  const y = number(body.crop_y);
  const size = number(body.crop_size);
  if (![x, y, size].every(Number.isFinite) || x < 0 || y < 0 || x > 1 || y > 1 || size <= 0 || size > 1) return null;
  return { x, y, size };
}
