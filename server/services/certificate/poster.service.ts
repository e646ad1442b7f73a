import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { qrCode, sharpImage } from '../../lazy-packages';
import type { TPoster } from '../../../schemas/api/certificate';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { projectPageUrl } from '../share/share-poster.service';
import { uploadsDir } from '../uploads/uploads.service';
import { escapeXml, wrapText } from './certificate-render';

const W = 750;
const H = 1150;
const COVER_H = 420;
const FONT = "'Noto Sans CJK SC', sans-serif";

/** The cover when it is one of our uploads (read from the disk; a remote address is never fetched), as a data URL. */
async function coverOf(deps: Pick<Deps, 'env'>, cover: unknown): Promise<string | null> {
  if (typeof cover !== 'string' || !/^\/uploads\/[\w.-]+$/.test(cover)) return null;
  const sharp = await sharpImage();
  try {
    const file = await readFile(path.join(uploadsDir(deps), path.basename(cover)));
    const jpeg = await sharp(file).resize(W, COVER_H, { fit: 'cover' }).jpeg({ quality: 82 }).toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    return null;
  }
}

function posterSvg(title: string, cover: string | null, qr: string): string {
  const lines = wrapText(title, 15, 2)
    .map((l, i) => `<text x="50" y="${COVER_H + 100 + i * 62}" font-size="46" font-weight="bold" fill="#1d2129">${escapeXml(l)}</text>`)
    .join('');
  const head = cover
    ? `<image x="0" y="0" width="${W}" height="${COVER_H}" href="${cover}" preserveAspectRatio="xMidYMid slice"/>`
    : `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1f7bff"/><stop offset="1" stop-color="#52c2ff"/></linearGradient></defs><rect width="${W}" height="${COVER_H}" fill="url(#g)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="${FONT}">
<rect width="${W}" height="${H}" fill="#ffffff"/>${head}${lines}
<line x1="50" y1="${H - 380}" x2="${W - 50}" y2="${H - 380}" stroke="#e5e6eb" stroke-width="2" stroke-dasharray="8 8"/>
<image x="50" y="${H - 330}" width="260" height="260" href="${qr}"/>
<text x="350" y="${H - 220}" font-size="34" fill="#1d2129">长按或扫描二维码</text>
<text x="350" y="${H - 166}" font-size="30" fill="#86909c">立即参与</text>
</svg>`;
}

/** 分享海报 (issue 49 item 5): the cover (or the brand's band), the title and the QR of the project's link, as a PNG. */
export async function getPoster(deps: Deps, user: AuthUser | null, origin: string, questionId: string): Promise<TPoster> {
  const { project } = await accessProject(deps.database.query, user, questionId, 'read');
  const url = projectPageUrl(origin, project.public_id);
  const [QRCode, sharp] = await Promise.all([qrCode(), sharpImage()]);
  const qr = await QRCode.toDataURL(url, { margin: 1, width: 520, errorCorrectionLevel: 'M' });
  const cover = await coverOf(deps, (project.style as Record<string, unknown> | null)?.coverImage);
  const png = await sharp(Buffer.from(posterSvg(project.title, cover, qr)))
    .png()
    .toBuffer();
  const fileName = `${project.title.replace(/[\\/:*?"<>|]/g, '').slice(0, 40) || 'project'}-分享海报.png`;
  return { fileName, png: `data:image/png;base64,${png.toString('base64')}`, url };
}
