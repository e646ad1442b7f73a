/** The avatar's square crop: the picked image covers a square viewport, zoomed and moved by the user. */

/** Accepted pictures and the largest one read (the upload's own limit is higher; an avatar needs less). */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** The side of the stored avatar, in pixels. */
export const AVATAR_SIZE = 256;
export const MAX_ZOOM = 3;

/** Why a picked file cannot be an avatar, or null. */
export function avatarRefusal(file: { type: string; size: number }): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return '请选择 JPG、PNG、WebP 或 GIF 格式的图片';
  if (file.size > AVATAR_MAX_BYTES) return '图片不能超过5MB';
  if (file.size === 0) return '图片文件是空的';
  return null;
}

export interface TCrop {
  zoom: number;
  /** The image's top-left corner in the viewport, in viewport pixels (≤ 0: the image always covers the square). */
  x: number;
  y: number;
}

/** The image's scale at zoom 1: its shorter side fills the viewport. */
const baseScale = (width: number, height: number, view: number) => view / Math.min(width, height);

/** Keep the image covering the viewport. */
export function clampCrop(crop: TCrop, width: number, height: number, view: number): TCrop {
  const zoom = Math.min(MAX_ZOOM, Math.max(1, crop.zoom));
  const scale = baseScale(width, height, view) * zoom;
  const clamp = (value: number, size: number) => Math.min(0, Math.max(view - size * scale, value));
  return { zoom, x: clamp(crop.x, width), y: clamp(crop.y, height) };
}

/** The image centred at zoom 1. */
export function initialCrop(width: number, height: number, view: number): TCrop {
  const scale = baseScale(width, height, view);
  return { zoom: 1, x: (view - width * scale) / 2, y: (view - height * scale) / 2 };
}

/** A new zoom that keeps the viewport's centre on the same point of the image. */
export function zoomTo(crop: TCrop, zoom: number, width: number, height: number, view: number): TCrop {
  const old = baseScale(width, height, view) * crop.zoom;
  const next = baseScale(width, height, view) * Math.min(MAX_ZOOM, Math.max(1, zoom));
  const cx = (view / 2 - crop.x) / old;
  const cy = (view / 2 - crop.y) / old;
  return clampCrop({ zoom, x: view / 2 - cx * next, y: view / 2 - cy * next }, width, height, view);
}

/** The square of the image the viewport shows, in image pixels. */
export function sourceSquare(crop: TCrop, width: number, height: number, view: number): { sx: number; sy: number; size: number } {
  const scale = baseScale(width, height, view) * crop.zoom;
  return { sx: (0 - crop.x) / scale, sy: (0 - crop.y) / scale, size: view / scale };
}

/** Draw the cropped square at AVATAR_SIZE and encode it (PNG keeps transparency; the size stays small at 256 px). */
export function cropToBlob(image: HTMLImageElement, crop: TCrop, view: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('浏览器不支持图片裁剪'));
  const { sx, sy, size } = sourceSquare(crop, image.naturalWidth, image.naturalHeight, view);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, sx, sy, size, size, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('图片处理失败，请换一张图片'))), 'image/png'));
}
