// The share poster of the phone pages (the voting page, and the sign-up, check-in and group-buy pages, issue 47):
// cover, title, a highlighted line and a note, and the QR code the server made (the vote's
// getPageWxAppletPicture, a chain's getSharePoster), drawn on a canvas and saved as a PNG.

export interface TPosterCard {
  title: string;
  cover: string | null;
  qrPng: string;
  /** A bold line in the brand's red under the title (the shared player), or null. */
  highlight: string | null;
  /** A grey line under it (邀请您… / the player's count), or null. */
  note: string | null;
  /** What scanning leads to, under 长按或扫描二维码: 参与投票, 参与接龙 … */
  action: string;
}

const W = 600;
const H = 900;

const loadImage = (src: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`image ${src}`));
    img.src = src;
  });

/** Lines of `text` that fit `width`, at most `max` (the last one ends with … when cut). */
export function wrapLines(measure: (s: string) => number, text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of Array.from(text)) {
    if (measure(line + ch) > width && line) {
      lines.push(line);
      line = ch;
      if (lines.length === max) break;
    } else line += ch;
  }
  if (lines.length < max && line) lines.push(line);
  else if (lines.length === max && line) lines[max - 1] = lines[max - 1]!.slice(0, -1) + '…';
  return lines;
}

function drawCover(ctx: CanvasRenderingContext2D, img: HTMLImageElement | null) {
  const h = 340;
  if (!img) {
    const g = ctx.createLinearGradient(0, 0, W, h);
    g.addColorStop(0, '#e8453c');
    g.addColorStop(1, '#f5a623');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, W, h);
    return;
  }
  const scale = Math.max(W / img.width, h / img.height);
  const sw = W / scale;
  const sh = h / scale;
  ctx.drawImage(img, (img.width - sw) / 2, (img.height - sh) / 2, sw, sh, 0, 0, W, h);
}

/** Draws the poster and answers its PNG as a data URL. */
export async function drawPoster(data: TPosterCard): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, W, H);
  const [cover, qr] = await Promise.all([data.cover ? loadImage(data.cover).catch(() => null) : Promise.resolve(null), loadImage(data.qrPng)]);
  drawCover(ctx, cover);
  const font = "'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif";
  ctx.fillStyle = '#1f2329';
  ctx.font = `bold 34px ${font}`;
  let y = 400;
  for (const line of wrapLines((s) => ctx.measureText(s).width, data.title, W - 80, 2)) {
    ctx.fillText(line, 40, y);
    y += 46;
  }
  if (data.highlight) {
    ctx.fillStyle = '#e8453c';
    ctx.font = `bold 30px ${font}`;
    ctx.fillText(wrapLines((s) => ctx.measureText(s).width, data.highlight, W - 80, 1)[0] ?? data.highlight, 40, y + 10);
    y += 46;
  }
  if (data.note) {
    ctx.fillStyle = '#4e5969';
    ctx.font = `26px ${font}`;
    ctx.fillText(wrapLines((s) => ctx.measureText(s).width, data.note, W - 80, 1)[0] ?? data.note, 40, y + 10);
  }
  ctx.drawImage(qr, W - 40 - 200, H - 40 - 200, 200, 200);
  ctx.fillStyle = '#4e5969';
  ctx.font = `24px ${font}`;
  ctx.fillText('长按或扫描二维码', 40, H - 150);
  ctx.fillText(data.action, 40, H - 112);
  return canvas.toDataURL('image/png');
}
