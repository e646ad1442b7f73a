import { pdfDocument, qrCode, sharpImage } from '../../lazy-packages';
import { CJK_FONT_FACE, FONT_MISSING_MESSAGE, findCjkFont } from '../../jobs/cjk-font';
import { AppError } from '../errors';

/**
 * A certificate drawn twice from the same facts: a PNG (an SVG rendered by sharp, its text in the Noto CJK face
 * fontconfig finds) and an A4 landscape PDF (pdfkit with the same face, as the report's PDF does). Both carry the
 * QR code of the public verify address.
 */
export interface CertificateFace {
  title: string;
  /** The template's body with its fields filled in. */
  body: string;
  name: string;
  serialNo: string;
  date: string;
  issuer: string;
  verifyUrl: string;
}

const W = 1600;
const H = 1130;
const GOLD = '#b8892b';
const INK = '#1d2129';
const MUTED = '#4e5969';
const FONT = "'Noto Sans CJK SC', 'Noto Serif CJK SC', sans-serif";

/** Text for SVG: the five marks escaped, and what XML cannot hold at all (controls, lone surrogates, U+FFFE/F) dropped. */
export const escapeXml = (s: string) =>
  s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Lines of at most `width` units, a CJK character counting 1 and a narrow one ½. */
export function wrapText(text: string, width: number, max = 6): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const ch of Array.from(text)) {
    const w = ch.charCodeAt(0) <= 0xff ? 0.55 : 1;
    // A closing mark never starts a line (。，」 stay with the word before them).
    if (ch === '\n' || (used + w > width && line && !/[，。、；：！？」』）]/.test(ch))) {
      lines.push(line);
      line = ch === '\n' ? '' : ch;
      used = ch === '\n' ? 0 : w;
      if (lines.length === max) return lines;
      continue;
    }
    line += ch;
    used += w;
  }
  if (line) lines.push(line);
  return lines.slice(0, max);
}

const qrDataUrl = async (url: string) => (await qrCode()).toDataURL(url, { margin: 1, width: 360, errorCorrectionLevel: 'M' });

function certificateSvg(face: CertificateFace, qr: string): string {
  const lines = wrapText(face.body, 29)
    .map((l, i) => `<text x="200" y="${430 + i * 66}" font-size="40" fill="${INK}">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="${FONT}">
<rect width="${W}" height="${H}" fill="#fffdf7"/>
<rect x="40" y="40" width="${W - 80}" height="${H - 80}" fill="none" stroke="${GOLD}" stroke-width="6"/>
<rect x="62" y="62" width="${W - 124}" height="${H - 124}" fill="none" stroke="${GOLD}" stroke-width="2"/>
<text x="${W / 2}" y="250" font-size="96" font-weight="bold" fill="${GOLD}" text-anchor="middle" letter-spacing="16">${escapeXml(face.title)}</text>
${lines}
<text x="200" y="${H - 200}" font-size="30" fill="${MUTED}">证书编号：${escapeXml(face.serialNo)}</text>
<text x="200" y="${H - 150}" font-size="30" fill="${MUTED}">颁发日期：${escapeXml(face.date)}</text>
${face.issuer ? `<text x="${W - 500}" y="${H - 150}" font-size="34" fill="${INK}" text-anchor="end">${escapeXml(face.issuer)}</text>` : ''}
<image x="${W - 440}" y="${H - 460}" width="260" height="260" href="${qr}"/>
<text x="${W - 310}" y="${H - 170}" font-size="24" fill="${MUTED}" text-anchor="middle">扫码查验真伪</text>
</svg>`;
}

export async function certificatePng(face: CertificateFace): Promise<Buffer> {
  const sharp = await sharpImage();
  return sharp(Buffer.from(certificateSvg(face, await qrDataUrl(face.verifyUrl))))
    .png()
    .toBuffer();
}

export async function certificatePdf(face: CertificateFace): Promise<Buffer> {
  const fontPath = findCjkFont();
  if (!fontPath) throw new AppError('500', FONT_MISSING_MESSAGE);
  const [QRCode, PDFDocument] = await Promise.all([qrCode(), pdfDocument()]);
  const qr = await QRCode.toBuffer(face.verifyUrl, { margin: 1, width: 360, errorCorrectionLevel: 'M' });
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 0, info: { Title: face.title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.registerFont('cjk', fontPath, CJK_FONT_FACE);
  const { width, height } = doc.page;
  doc
    .rect(20, 20, width - 40, height - 40)
    .lineWidth(3)
    .strokeColor(GOLD)
    .stroke();
  doc
    .rect(30, 30, width - 60, height - 60)
    .lineWidth(1)
    .strokeColor(GOLD)
    .stroke();
  doc.font('cjk').fontSize(40).fillColor(GOLD).text(face.title, 0, 90, { width, align: 'center', characterSpacing: 8 });
  doc
    .fontSize(18)
    .fillColor(INK)
    .text(face.body, 90, 200, { width: width - 180, lineGap: 10 });
  doc.fontSize(12).text(`证书编号：${face.serialNo}`, 90, height - 110);
  doc.text(`颁发日期：${face.date}`, 90, height - 88);
  if (face.issuer)
    doc
      .fontSize(14)
      .fillColor(INK)
      .text(face.issuer, 0, height - 88, { width: width - 240, align: 'right' });
  doc.image(qr, width - 200, height - 230, { width: 120 });
  doc
    .fontSize(10)
    .fillColor(MUTED)
    .text('扫码查验真伪', width - 200, height - 104, { width: 120, align: 'center' });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
