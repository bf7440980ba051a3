// The headshot rules of spec 1 §5 (images only, ≥ 100 KB, not grayscale) and the renditions of §9
// (400x400 quality 75 for the wizard crop, 250x250 quality 70 for the profile). The type is read
// from the bytes by sharp, never from the file name; sharp re-encodes, which drops all metadata.
import sharp from 'sharp';
import { MIN_PHOTO_BYTES, PHOTO_MESSAGES, type CropFractions } from './validation';

/** Decompression-bomb guard: no more than 40 megapixels are ever decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export interface HeadshotRenditions { large: Buffer; small: Buffer; width: number; height: number }

export type HeadshotCheck = { ok: true } | { ok: false; message: string };

const open = (bytes: Buffer) => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });

/** Checks an upload against the spec's rules, in the order a person would want to hear them. */
export async function checkHeadshot(file: { buffer: Buffer; size: number } | undefined): Promise<HeadshotCheck> {
  if (!file || file.size === 0) return { ok: false, message: PHOTO_MESSAGES.missing };
  let format: string | undefined;
  try {
    format = (await open(file.buffer).metadata()).format;
  } catch {
    return { ok: false, message: PHOTO_MESSAGES.notImage };
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) return { ok: false, message: PHOTO_MESSAGES.notImage };
  if (file.size < MIN_PHOTO_BYTES) return { ok: false, message: PHOTO_MESSAGES.tooSmall };
  try {
    if (await isGrayscale(file.buffer)) return { ok: false, message: PHOTO_MESSAGES.grayscale };
  } catch {
    return { ok: false, message: PHOTO_MESSAGES.notImage };
  }
  return { ok: true };
}

/**
 * Grayscale detection (STACK.md "Images"): one channel is gray; otherwise shrink to ≤ 64 px and call
 * it gray when at most 1 % of the pixels have a channel spread above 10.
 */
export async function isGrayscale(bytes: Buffer): Promise<boolean> {
  const meta = await open(bytes).metadata();
  if (meta.channels === 1 || meta.space === 'b-w') return true;
  const { data, info } = await open(bytes)
    .resize(64, 64, { fit: 'inside' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = info.width * info.height;
  let colourful = 0;
  for (let i = 0; i + 2 < data.length; i += info.channels) {
    const r = data[i]!, g = data[i + 1]!, b = data[i + 2]!;
    if (Math.max(Math.abs(r - g), Math.abs(g - b), Math.abs(r - b)) > 10) colourful += 1;
  }
  return colourful <= pixels * 0.01;
}

/** The square to cut, in pixels of the upright picture: the chosen fractions, else a centred square. */
export function cropRectangle(width: number, height: number, crop: CropFractions | null): { left: number; top: number; width: number; height: number } {
  const shorter = Math.min(width, height);
  const side = Math.max(1, Math.round(shorter * (crop?.size ?? 1)));
  const centre = { left: Math.floor((width - side) / 2), top: Math.floor((height - side) / 2) };
  const left = crop ? Math.round(crop.x * width) : centre.left;
  const top = crop ? Math.round(crop.y * height) : centre.top;
  return { left: clamp(left, 0, width - side), top: clamp(top, 0, height - side), width: side, height: side };
}

/** Upright (EXIF orientation applied), cropped square, re-encoded as JPEG at both sizes. */
export async function makeRenditions(bytes: Buffer, crop: CropFractions | null): Promise<HeadshotRenditions> {
  const meta = await open(bytes).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  const square = cropRectangle(width, height, crop);
  const upright = await open(bytes).rotate().extract(square).toBuffer();
  const large = await sharp(upright).resize(400, 400).jpeg({ quality: 75, mozjpeg: true }).toBuffer();
  const small = await sharp(upright).resize(250, 250).jpeg({ quality: 70, mozjpeg: true }).toBuffer();
  return { large, small, width: 400, height: 400 };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}
