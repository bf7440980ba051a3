// The rules every uploaded picture passes (spec 1 §5 Photos, spec 2 §5 Photos): decoded by sharp from
// its bytes (the name and the browser's type are never trusted), at most MAX_INPUT_PIXELS (a
// decompression bomb is refused before it is decoded), at least 100 KB, and not grayscale.
import sharp, { type Metadata } from 'sharp';
import { IMAGE_PIPELINES } from './pipelines';

/** Decompression-bomb guard: no more than 40 megapixels are ever decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Spec 1 §9 / spec 2 §9: 100 KB, counted as 100 × 1024 bytes. */
export const MIN_IMAGE_BYTES = 100 * 1024;
export const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export interface ImageMessages {
  missing: string;
  notImage: string;
  tooManyPixels: string;
  tooSmall: string;
  grayscale: string;
}

/** The wording shared by every upload; a feature may override any of them. */
export const IMAGE_MESSAGES: ImageMessages = {
  missing: 'Please choose a photo to upload.',
  notImage: 'Please upload an image file (JPEG, PNG, WebP, GIF, AVIF or TIFF).',
  tooManyPixels: 'This image has too many pixels (more than 40 megapixels). Please upload a smaller image.',
  tooSmall: 'Please select a higher quality photo (at least 100kb)',
  grayscale: 'This photo looks black-and-white or grayscale. Please upload a more colorful picture.',
};

export type ImageCheck = { ok: true; width: number; height: number } | { ok: false; message: string };

/** A picture in memory, or the path of an upload kept on disk (multi-file uploads; see upload.ts). */
export type ImageInput = Buffer | string;

/** sharp with the pixel limit; `failOn: 'error'` refuses truncated or corrupt files. */
export const openImage = (input: ImageInput) => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });

/** An upload as multer gives it: in memory (`buffer`) or on disk (`path`). */
export interface UploadedPicture {
  buffer?: Buffer;
  path?: string;
  size: number;
}
export const imageInputOf = (file: UploadedPicture): ImageInput => file.path ?? file.buffer ?? Buffer.alloc(0);

/** Checks one upload, in the order a person would want to hear about it. */
export async function checkImage(
  file: UploadedPicture | undefined,
  messages: ImageMessages = IMAGE_MESSAGES,
): Promise<ImageCheck> {
  if (!file || file.size === 0) return { ok: false, message: messages.missing };
  return IMAGE_PIPELINES.run(() => checkDecodable(file, messages));
}

async function checkDecodable(file: UploadedPicture, messages: ImageMessages): Promise<ImageCheck> {
  const input = imageInputOf(file);
  let meta: Metadata;
  try {
    // metadata() reads the header only, so the pixel count is known before anything is decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, message: messages.notImage };
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height)
    return { ok: false, message: messages.notImage };
  if (meta.width * meta.height > MAX_INPUT_PIXELS) return { ok: false, message: messages.tooManyPixels };
  if (file.size < MIN_IMAGE_BYTES) return { ok: false, message: messages.tooSmall };
  try {
    if (await isGrayscale(input)) return { ok: false, message: messages.grayscale };
  } catch {
    return { ok: false, message: messages.notImage };
  }
  return { ok: true, width: meta.width, height: meta.height };
}

/**
 * Grayscale detection (STACK.md "Images"): one channel is gray; otherwise shrink to ≤ 64 px and call
 * it gray when at most 1 % of the pixels have a channel spread above 10.
 */
export async function isGrayscale(input: ImageInput): Promise<boolean> {
  const meta = await openImage(input).metadata();
  if (meta.channels === 1 || meta.space === 'b-w') return true;
  const { data, info } = await openImage(input)
    .resize(64, 64, { fit: 'inside' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = info.width * info.height;
  let colourful = 0;
  for (let i = 0; i + 2 < data.length; i += info.channels) {
    const r = data[i]!,
      g = data[i + 1]!,
      b = data[i + 2]!;
    if (Math.max(Math.abs(r - g), Math.abs(g - b), Math.abs(r - b)) > 10) colourful += 1;
  }
  return colourful <= pixels * 0.01;
}
