// Test pictures built with sharp, and a wizard user, for the onboarding tests (HTTP and browser).
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Knex } from 'knex';
import { createProviderUser, type MadeUser } from '../support/factories';

/** Random colour noise: a colourful PNG well over 100 KB. */
export async function colourfulPng(width = 320, height = 240): Promise<Buffer> {
  return sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** Gray noise stored as RGB (R = G = B), so only the pixel check can tell it is gray; > 100 KB. */
export async function grayRgbPng(width = 320, height = 240): Promise<Buffer> {
  const gray = crypto.randomBytes(width * height);
  const rgb = Buffer.alloc(width * height * 3);
  for (let i = 0; i < gray.length; i += 1) rgb[i * 3] = rgb[i * 3 + 1] = rgb[i * 3 + 2] = gray[i]!;
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A one-channel grayscale JPEG over 100 KB. */
export async function grayscaleJpeg(): Promise<Buffer> {
  return sharp(crypto.randomBytes(600 * 600), { raw: { width: 600, height: 600, channels: 1 } })
    .jpeg({ quality: 100 })
    .toBuffer();
}

/** Colourful but small (under 100 KB). */
export async function smallPng(): Promise<Buffer> {
  return colourfulPng(60, 60);
}

/** Text bytes under an image name. */
export const notAnImage = () => Buffer.from('this is not a picture\n'.repeat(8000));

/** An individual, incomplete profile made with the new wizard (the wizard's starting point). */
export async function wizardUser(
  db: Knex,
  options: { paid?: boolean; roles?: string[] } = {},
): Promise<MadeUser & { providerId: number }> {
  const user = await createProviderUser(db, {
    ...options,
    providers: [{ type: 'individual', status: 'incomplete', firstName: 'Robin', lastName: 'Hale' }],
  });
  const providerId = user.providerIds[0]!;
  await db('providers').where({ id: providerId }).update({ created_with_new_wizard: true });
  return { ...user, providerId };
}

export async function tagIds(db: Knex, type: string, names: string[]): Promise<number[]> {
  const rows = await db('tags').where({ type }).whereIn('name', names).select('id', 'name');
  return names.map((name) => Number(rows.find((r) => r.name === name)!.id));
}

export async function firstTagIds(db: Knex, type: string, count: number): Promise<number[]> {
  return (await db('tags').where({ type }).orderBy('name').limit(count).select('id')).map((r) => Number(r.id));
}
