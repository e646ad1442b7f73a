/**
 * `node --import tsx scripts/share-image.ts`: public/share-logo.png, the picture of a share card when the project has
 * no cover (og:image and the WeChat JS-SDK's imgUrl). WeChat and most chat apps show no SVG in a card, so the
 * brand's logo (public/logo.svg) is drawn as a 300×300 PNG on white. Run again after changing the logo.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SHARE_IMAGE_SIZE = 300;

/** The logo as the card's picture: square, opaque (a transparent PNG turns black in some chat apps). */
export const shareImageOf = (logoSvg: string) => sharp(logoSvg, { density: 450 }).resize(SHARE_IMAGE_SIZE, SHARE_IMAGE_SIZE).flatten({ background: '#ffffff' });

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = path.join(root, 'public', 'share-logo.png');
  await shareImageOf(path.join(root, 'public', 'logo.svg'))
    .png({ palette: true, quality: 90 })
    .toFile(out);
  console.log(`wrote ${path.relative(root, out)}`);
}
