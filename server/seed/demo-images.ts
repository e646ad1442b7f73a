import { sharpImage } from '../lazy-packages';

/**
 * Pictures for the demo vote, drawn here (SVG shapes rendered by sharp): nothing is downloaded, and no text is drawn,
 * so no font has to be installed for them to look right.
 */

const hsl = (hue: number, s: number, l: number) => `hsl(${Math.round(hue) % 360}, ${s}%, ${l}%)`;

async function png(svg: string): Promise<Buffer> {
  const sharp = await sharpImage();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

/** The vote's cover, 750 × 400: a warm gradient with soft circles and a row of hands-up figures. */
export function voteCover(): Promise<Buffer> {
  const bubbles = [
    [90, 80, 70, 0.18],
    [640, 70, 110, 0.14],
    [520, 330, 90, 0.12],
    [180, 350, 60, 0.16],
    [380, 40, 40, 0.2],
  ]
    .map(([x, y, r, o]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="${o}"/>`)
    .join('');
  const figures = Array.from({ length: 7 }, (_, i) => {
    const x = 135 + i * 80;
    const lift = i % 2 ? 0 : 14;
    return `<g fill="${hsl(20 + i * 40, 70, 92)}"><circle cx="${x}" cy="${262 - lift}" r="17"/><rect x="${x - 20}" y="${284 - lift}" width="40" height="70" rx="18"/>
      <rect x="${x + 12}" y="${222 - lift}" width="9" height="52" rx="4.5" transform="rotate(18 ${x + 16} ${270 - lift})"/></g>`;
  }).join('');
  return png(`<svg xmlns="http://www.w3.org/2000/svg" width="750" height="400" viewBox="0 0 750 400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff7a45"/><stop offset="1" stop-color="#f5222d"/></linearGradient></defs>
    <rect width="750" height="400" fill="url(#g)"/>${bubbles}
    <path d="M0 360 Q 375 300 750 360 L750 400 L0 400 Z" fill="#fff" fill-opacity="0.25"/>${figures}
    <g fill="#ffd666"><path d="M375 70 l14 28 31 4 -22 22 5 31 -28 -15 -28 15 5 -31 -22 -22 31 -4z"/></g></svg>`);
}

/** A player's portrait, 480 × 480: a figure on a gradient of its own hue (index picks the hue and the hair). */
export function playerPortrait(index: number): Promise<Buffer> {
  const hue = (index * 47 + 200) % 360;
  const hairColour = ['#2b2220', '#4a3426', '#1f1a17'][index % 3];
  // A cap over the top of the head (a fringe), and for every other player long hair behind it.
  const cap = `<path d="M160 216 A80 80 0 0 1 320 216 Q306 168 240 164 Q174 168 160 216Z" fill="${hairColour}"/>`;
  const long = index % 2 ? `<path d="M158 214 Q150 318 172 340 L308 340 Q330 318 322 214Z" fill="${hairColour}"/>` : '';
  return png(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 70, 78)}"/><stop offset="1" stop-color="${hsl(hue + 30, 65, 58)}"/></linearGradient></defs>
    <rect width="480" height="480" fill="url(#bg)"/>
    <circle cx="${80 + (index % 4) * 90}" cy="90" r="46" fill="#fff" fill-opacity="0.18"/>
    ${long}<path d="M96 480 Q100 330 240 318 Q380 330 384 480Z" fill="${hsl(hue + 180, 45, 40)}"/>
    <rect x="218" y="268" width="44" height="60" rx="16" fill="#f1c7a5"/>
    <circle cx="240" cy="214" r="78" fill="#f6d2b3"/>${cap}
    <circle cx="214" cy="218" r="7" fill="#3b2f2f"/><circle cx="266" cy="218" r="7" fill="#3b2f2f"/>
    <path d="M218 252 Q240 270 262 252" stroke="#b5533c" stroke-width="6" fill="none" stroke-linecap="round"/></svg>`);
}
