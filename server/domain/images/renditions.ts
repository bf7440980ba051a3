// What is stored of a picture: always a fresh JPEG made by sharp (upright, sRGB), which drops every
// piece of metadata of the upload (EXIF, GPS, camera, comments). Headshots: spec 1 §9 / spec 2 §5
// (400x400 quality 75 crop, 250x250 quality 70). Gallery and practice photos: a large view and a thumbnail.
import sharp from 'sharp';
import { IMAGE_PIPELINES } from './pipelines';
import { openImage, type ImageInput } from './checks';

export interface CropFractions {
  x: number;
  y: number;
  size: number;
}
export interface HeadshotRenditions {
  large: Buffer;
  small: Buffer;
  width: number;
  height: number;
}
export interface PhotoRenditions {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/** The longest side of a stored gallery photo, and the thumbnail square. */
export const GALLERY_MAX_SIDE = 1600;
export const THUMB_SIDE = 320;

/** The square to cut, in pixels of the upright picture: the chosen fractions, else a centred square. */
export function cropRectangle(
  width: number,
  height: number,
  crop: CropFractions | null,
): { left: number; top: number; width: number; height: number } {
  const shorter = Math.min(width, height);
  const side = Math.max(1, Math.round(shorter * (crop?.size ?? 1)));
  const centre = { left: Math.floor((width - side) / 2), top: Math.floor((height - side) / 2) };
  const left = crop ? Math.round(crop.x * width) : centre.left;
  const top = crop ? Math.round(crop.y * height) : centre.top;
  return { left: clamp(left, 0, width - side), top: clamp(top, 0, height - side), width: side, height: side };
}

/** Headshot: upright (EXIF orientation applied), cropped square, re-encoded as JPEG at both sizes. */
export function makeHeadshotRenditions(bytes: Buffer, crop: CropFractions | null): Promise<HeadshotRenditions> {
  return IMAGE_PIPELINES.run(async () => {
    const meta = await openImage(bytes).metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    const width = (turned ? meta.height : meta.width) ?? 0;
    const height = (turned ? meta.width : meta.height) ?? 0;
    const square = cropRectangle(width, height, crop);
    // Cropped and shrunk in one pass: the full-size square is never held as a buffer.
    const upright = await openImage(bytes)
      .rotate()
      .extract(square)
      .resize(400, 400)
      .toColourspace('srgb')
      .png()
      .toBuffer();
    const large = await sharp(upright).jpeg({ quality: 75, mozjpeg: true }).toBuffer();
    const small = await sharp(upright).resize(250, 250).jpeg({ quality: 70, mozjpeg: true }).toBuffer();
    return { large, small, width: 400, height: 400 };
  });
}

/** Gallery or practice photo: upright, at most GALLERY_MAX_SIDE on its longest side, plus a square thumbnail. */
export function makePhotoRenditions(input: ImageInput): Promise<PhotoRenditions> {
  return IMAGE_PIPELINES.run(async () => {
    // Shrunk while decoding (no full-size copy is kept); the thumbnail is made from the shrunk one.
    const { data: full, info } = await openImage(input)
      .rotate()
      .resize(GALLERY_MAX_SIDE, GALLERY_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(full)
      .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover' })
      .jpeg({ quality: 75, mozjpeg: true })
      .toBuffer();
    return { full, thumb, width: info.width, height: info.height };
  });
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}
