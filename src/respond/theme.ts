import type { TProjectStyle } from '../../schemas/api/settings';

const FONT_SIZES = { small: 14, medium: 16, large: 18 } as const;

function hexToRgb(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `hex` mixed with white (amount 0..1 of the colour kept); color-mix() is too new for iOS 14 WebViews. */
export function tint(hex: string, amount: number): string {
  const rgb = hexToRgb(hex);
  if (!rgb) return hex;
  const [r, g, b] = rgb.map((c) => Math.round(255 - (255 - c) * amount));
  return `rgb(${r}, ${g}, ${b})`;
}

export function shade(hex: string, amount: number): string {
  const rgb = hexToRgb(hex);
  if (!rgb) return hex;
  const [r, g, b] = rgb.map((c) => Math.round(c * (1 - amount)));
  return `rgb(${r}, ${g}, ${b})`;
}

const safeAsset = (url: string | null | undefined) => (url && /^(\/|https?:\/\/)/.test(url) ? url : null);

/** The survey's look as CSS custom properties on the page root (style.md: theme tokens). */
export function applyTheme(style: Partial<TProjectStyle> | undefined, root: HTMLElement = document.documentElement): void {
  const primary = style?.primaryColor && hexToRgb(style.primaryColor) ? style.primaryColor : '#1f6feb';
  const background = style?.backgroundColor && hexToRgb(style.backgroundColor) ? style.backgroundColor : '#f5f7fa';
  const s = root.style;
  s.setProperty('--r-primary', primary);
  s.setProperty('--r-primary-strong', shade(primary, 0.15));
  s.setProperty('--r-primary-soft', tint(primary, 0.1));
  s.setProperty('--r-primary-line', tint(primary, 0.35));
  s.setProperty('--r-bg', background);
  s.setProperty('--r-fs', `${FONT_SIZES[style?.fontSize ?? 'medium'] ?? 16}px`);
  const image = safeAsset(style?.backgroundImage);
  if (image) s.setProperty('--r-bg-image', `url("${image.replace(/["\\]/g, '')}")`);
  else s.removeProperty('--r-bg-image');
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', primary);
}

export const coverOf = (style: Partial<TProjectStyle> | undefined) => safeAsset(style?.coverImage);
export const logoOf = (style: Partial<TProjectStyle> | undefined) => safeAsset(style?.logo);
