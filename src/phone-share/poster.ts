// The share poster: cover, title, the player (when sharing one) and the QR code the server made
// (getPageWxAppletPicture, the repo's QR maker), drawn on a canvas and saved as a PNG.

export interface TPosterData {
  title: string;
  cover: string | null;
  qrPng: string;
  playerName: string | null;
  playerNo: number | null;
  votes: number | null;
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
export async function drawPoster(data: TPosterData): Promise<string> {
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
  if (!data.playerName) {
    ctx.fillStyle = '#4e5969';
    ctx.font = `26px ${font}`;
    ctx.fillText('邀请您为喜欢的选手投上一票', 40, y + 16);
  } else {
    ctx.fillStyle = '#e8453c';
    ctx.font = `bold 30px ${font}`;
    const who = `${data.playerNo ?? ''}号 ${data.playerName}`;
    ctx.fillText(wrapLines((s) => ctx.measureText(s).width, who, W - 80, 1)[0] ?? who, 40, y + 10);
    if (data.votes !== null) {
      ctx.fillStyle = '#4e5969';
      ctx.font = `26px ${font}`;
      ctx.fillText(`当前 ${data.votes} 票，快来为 TA 投票吧！`, 40, y + 56);
    }
  }
  ctx.drawImage(qr, W - 40 - 200, H - 40 - 200, 200, 200);
  ctx.fillStyle = '#4e5969';
  ctx.font = `24px ${font}`;
  ctx.fillText('长按或扫描二维码', 40, H - 150);
  ctx.fillText('参与投票', 40, H - 112);
  return canvas.toDataURL('image/png');
}
