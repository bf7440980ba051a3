// Headshot rules (spec 1 §5 Photos): the crop square and the grayscale recipe of STACK.md "Images".
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { cropRectangle, isGrayscale, parseCrop } from '../../../../server/domain/images';
describe('headshot crop and grayscale detection', () => {
  it('without a crop, a centred square of the shorter side', () => {
    assert.deepEqual(cropRectangle(400, 300, null), { left: 50, top: 0, width: 300, height: 300 });
    assert.deepEqual(cropRectangle(300, 500, null), { left: 0, top: 100, width: 300, height: 300 });
  });

  it('the PhotoCropper fractions, kept inside the picture', () => {
    assert.deepEqual(cropRectangle(400, 300, { x: 0.1, y: 0, size: 0.5 }), {
      left: 40,
      top: 0,
      width: 150,
      height: 150,
    });
    assert.deepEqual(cropRectangle(400, 300, { x: 0.9, y: 0.9, size: 1 }), {
      left: 100,
      top: 0,
      width: 300,
      height: 300,
    });
  });

  it('reads only sensible crop fields; anything else means the centred square', () => {
    assert.deepEqual(parseCrop({ crop_x: '0.25', crop_y: '0.1', crop_size: '0.5' }), { x: 0.25, y: 0.1, size: 0.5 });
    assert.equal(parseCrop({ crop_x: '', crop_y: '', crop_size: '' }), null);
    assert.equal(parseCrop({ crop_x: '-1', crop_y: '0', crop_size: '1' }), null);
    assert.equal(parseCrop({ crop_x: '0', crop_y: '0', crop_size: '2' }), null);
  });

  it('gray: one channel, or RGB with equal channels; colour: a few coloured pixels are not enough to pass', async () => {
    const solid = (r: number, g: number, b: number) =>
      sharp({ create: { width: 80, height: 80, channels: 3, background: { r, g, b } } })
        .png()
        .toBuffer();
    assert.equal(
      await isGrayscale(
        await sharp({ create: { width: 50, height: 50, channels: 3, background: '#777' } })
          .toColourspace('b-w')
          .png()
          .toBuffer(),
      ),
      true,
    );
    assert.equal(await isGrayscale(await solid(120, 120, 120)), true);
    assert.equal(await isGrayscale(await solid(200, 40, 60)), false);
    // Mostly gray with a small colour spot (under 1 % of the pixels after shrinking) still counts as gray.
    const spot = await sharp(await solid(128, 128, 128))
      .composite([
        {
          input: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    assert.equal(await isGrayscale(spot), true);
  });
});
