/**
 * A chosen photo becomes a small JPEG data URL: at most 1600 px on its longest side and under ~450 KB, so six
 * pictures fit in browser storage and in one applyMch body. Transparent PNGs get a white background.
 */
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_CHARS = 450_000;
const ACCEPTED = /^image\/(png|jpeg|webp|bmp)$/;

export const PICTURE_ACCEPT = 'image/png,image/jpeg,image/webp,image/bmp';

export async function pictureToDataUrl(file: File): Promise<string> {
  if (!ACCEPTED.test(file.type)) throw new Error('图片格式不支持，请上传 JPG 或 PNG 图片');
  if (file.size > MAX_FILE_BYTES) throw new Error('图片不能超过 10MB');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error('图片无法读取，请换一张图片');
  }
  let side = 1600;
  for (let attempt = 0; attempt < 6; attempt++) {
    const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) break;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const url = canvas.toDataURL('image/jpeg', attempt < 2 ? 0.85 - attempt * 0.15 : 0.7);
    if (url.length <= MAX_CHARS) return url;
    side = Math.round(side * 0.75);
  }
  throw new Error('图片过大，请换一张较小的图片');
}
