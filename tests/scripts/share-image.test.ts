import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SHARE_IMAGE_SIZE, shareImageOf } from '../../scripts/share-image';

// Issue 47 item 2: a share card without a cover shows the brand's logo. WeChat shows no SVG in a card, so the card
// names public/share-logo.png, drawn from public/logo.svg by scripts/share-image.ts.
const file = (name: string) => path.resolve('public', name);

describe('the share card picture', () => {
  it('is a square opaque PNG WeChat can show', async () => {
    const meta = await sharp(file('share-logo.png')).metadata();
    expect(meta).toMatchObject({ format: 'png', width: SHARE_IMAGE_SIZE, height: SHARE_IMAGE_SIZE, hasAlpha: false });
  });

  it('is the current logo (run scripts/share-image.ts after changing public/logo.svg)', async () => {
    const png = await shareImageOf(file('logo.svg')).png({ palette: true, quality: 90 }).toBuffer();
    const fresh = await sharp(png).raw().toBuffer();
    const stored = await sharp(readFileSync(file('share-logo.png')))
      .raw()
      .toBuffer();
    expect(stored.equals(fresh)).toBe(true);
  });
});
