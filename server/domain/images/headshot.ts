// The headshot rules of spec 1 §5 (images only, ≥ 100 KB, not grayscale) and the renditions of §9
// (400x400 quality 75 for the wizard crop, 250x250 quality 70 for the profile). The shared picture
// code lives in ../images; this keeps the wizard's own wording.
import { checkImage, IMAGE_MESSAGES, type ImageCheck } from './checks';
import { makeHeadshotRenditions } from './renditions';
import { PHOTO_MESSAGES } from './headshot-rules';

export { MAX_INPUT_PIXELS, isGrayscale } from './checks';
export { cropRectangle, type HeadshotRenditions } from './renditions';

export type HeadshotCheck = { ok: true } | { ok: false; message: string };

/** Checks an upload against the spec's rules, in the order a person would want to hear them. */
export async function checkHeadshot(file: { buffer: Buffer; size: number } | undefined): Promise<HeadshotCheck> {
  const check: ImageCheck = await checkImage(file, {
    missing: PHOTO_MESSAGES.missing,
    notImage: PHOTO_MESSAGES.notImage,
    tooManyPixels: IMAGE_MESSAGES.tooManyPixels,
    tooSmall: PHOTO_MESSAGES.tooSmall,
    grayscale: PHOTO_MESSAGES.grayscale,
  });
  return check.ok ? { ok: true } : check;
}

/** Upright (EXIF orientation applied), cropped square, re-encoded as JPEG at both sizes. */
export const makeRenditions = makeHeadshotRenditions;
