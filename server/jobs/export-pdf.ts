import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pdfDocument, svgToPdf } from '../lazy-packages';
import type { TOptionStat, TStatement, TSubjectStat } from '../../schemas/api/report';
import { subjectRegistry } from '../../schemas/subjects/registry';
import { SUBJECT_TYPE_NAMES } from '../../schemas/subjects/subject-types';
import { plainTitle } from '../services/report/report-subjects';
import { CJK_FONT_FACE } from './cjk-font';
import { CHART_FONT, subjectChart } from './pdf-charts';

/**
 * The report as a PDF (issue 7): per subject its title, a counts / percentages table and the web report's
 * chart (echarts SSR SVG drawn by svg-to-pdfkit). Every text uses the Noto CJK face, so Chinese renders.
 */
export interface PdfReport {
  statement: TStatement;
  brandName: string;
  generatedAt: Date;
  fontPath: string;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT = A4.width - MARGIN * 2;
const INK = '#1d2129';
const MUTED = '#86909c';
const LINE = '#e5e6eb';
const FILL = '#f5f7fa';
const BRAND = '#1f7bff';
const BOLD = 'cjk-bold';

const beijing = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
const pctText = (p: number) => `${p.toFixed(2)}%`;

type Doc = PDFKit.PDFDocument;

function ensureSpace(doc: Doc, needed: number): void {
  if (doc.y + needed > A4.height - MARGIN - 24) doc.addPage();
}

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** A simple ruled table; rows break across pages with the header repeated. */
function table(doc: Doc, columns: Column[], rows: string[][]): void {
  const pad = 6;
  const size = columns.length > 6 ? 8 : 9.5;
  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(size);
    return Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: columns[i]!.width - pad * 2 }))) + pad * 2;
  };
  const drawRow = (cells: string[], header: boolean) => {
    const font = header ? BOLD : CHART_FONT;
    const h = rowHeight(cells, font);
    ensureSpace(doc, h);
    const y = doc.y;
    if (header) doc.rect(MARGIN, y, CONTENT, h).fill(FILL);
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      doc
        .font(font)
        .fontSize(size)
        .fillColor(header ? MUTED : INK)
        .text(cell, x + pad, y + pad, { width: col.width - pad * 2, align: col.align ?? 'left' });
      x += col.width;
    });
    doc
      .moveTo(MARGIN, y + h)
      .lineTo(MARGIN + CONTENT, y + h)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    doc.x = MARGIN;
    doc.y = y + h;
    return y;
  };
  drawRow(
    columns.map((c) => c.title),
    true,
  );
  for (const cells of rows) {
    if (doc.y + rowHeight(cells, CHART_FONT) > A4.height - MARGIN - 24) {
      doc.addPage();
      drawRow(
        columns.map((c) => c.title),
        true,
      );
    }
    drawRow(cells, false);
  }
  doc.moveDown(0.6);
}

function optionTable(doc: Doc, first: string, options: TOptionStat[]): void {
  table(
    doc,
    [
      { title: first, width: CONTENT - 180 },
      { title: '小计', width: 80, align: 'right' },
      { title: '比例', width: 100, align: 'right' },
    ],
    options.map((o) => [plainTitle(o.title), String(o.count), pctText(o.percent)]),
  );
}

function matrixTable(doc: Doc, stat: TSubjectStat): void {
  const cols = stat.columns ?? [];
  // A matrix on a scale (its type has points) adds an average column.
  const scaled = subjectRegistry.get(stat.subjectType)?.points !== undefined;
  const first = Math.max(90, CONTENT - cols.length * 70 - (scaled ? 56 : 0));
  const rest = (CONTENT - first) / (cols.length + (scaled ? 1 : 0));
  const columns: Column[] = [{ title: '行', width: first }, ...cols.map((c) => ({ title: plainTitle(c.title), width: rest, align: 'center' as const }))];
  if (scaled) columns.push({ title: '平均分', width: rest, align: 'center' });
  table(
    doc,
    columns,
    (stat.rows ?? []).map((r) => [
      plainTitle(r.title),
      ...r.cells.map((c) => `${c.count} (${c.percent}%)`),
      ...(scaled ? [r.average === null ? '—' : String(r.average)] : []),
    ]),
  );
}

function paragraph(doc: Doc, text: string, options: { size?: number; color?: string; font?: string; gap?: number } = {}): void {
  doc
    .font(options.font ?? CHART_FONT)
    .fontSize(options.size ?? 10)
    .fillColor(options.color ?? INK);
  ensureSpace(doc, doc.heightOfString(text, { width: CONTENT }));
  doc.text(text, MARGIN, doc.y, { width: CONTENT });
  if (options.gap) doc.moveDown(options.gap);
}

function subjectHeading(doc: Doc, stat: TSubjectStat): void {
  const name = SUBJECT_TYPE_NAMES[stat.subjectType as keyof typeof SUBJECT_TYPE_NAMES]?.zh ?? '';
  const title = `${stat.index ? `第${stat.index}题  ` : ''}${plainTitle(stat.title) || '（无标题）'}`;
  ensureSpace(doc, 90);
  doc
    .font(BOLD)
    .fontSize(12.5)
    .fillColor(INK)
    .text(title, MARGIN, doc.y, { width: CONTENT, continued: Boolean(name) });
  const multiple = stat.multiple && stat.kind === 'choice' && !name.includes('多选') ? '·多选' : '';
  if (name) doc.font(CHART_FONT).fontSize(9.5).fillColor(BRAND).text(`  [${name}${multiple}]`);
  doc.moveDown(0.3);
}

async function chart(doc: Doc, stat: TSubjectStat): Promise<void> {
  const svg = await subjectChart(stat, CONTENT);
  if (!svg) return;
  ensureSpace(doc, svg.height + 8);
  const y = doc.y;
  const SVGtoPDF = await svgToPdf();
  SVGtoPDF(doc, svg.svg, MARGIN, y, { width: svg.width, height: svg.height, assumePt: true, fontCallback: () => CHART_FONT, warningCallback: () => {} });
  doc.x = MARGIN;
  doc.y = y + svg.height + 8;
}

async function subjectSection(doc: Doc, stat: TSubjectStat): Promise<void> {
  subjectHeading(doc, stat);
  if (stat.kind === 'choice') {
    paragraph(doc, `本题有效填写 ${stat.base} 人次`, { size: 9, color: MUTED, gap: 0.3 });
    optionTable(doc, '选项', stat.options ?? []);
  } else if (stat.kind === 'matrix') {
    paragraph(doc, `本题有效填写 ${stat.base} 人次`, { size: 9, color: MUTED, gap: 0.3 });
    matrixTable(doc, stat);
  } else if (stat.kind === 'number') {
    const n = stat.number;
    if (n)
      paragraph(doc, `回答 ${n.count} 人 · 平均值 ${n.avg ?? '—'} · 最小值 ${n.min ?? '—'} · 最大值 ${n.max ?? '—'}`, { size: 9.5, color: MUTED, gap: 0.3 });
    if (stat.nps)
      paragraph(doc, `NPS 净推荐值 ${stat.nps.score}（推荐者 ${stat.nps.promoters} · 中立者 ${stat.nps.passives} · 贬损者 ${stat.nps.detractors}）`, {
        size: 10,
        color: BRAND,
        gap: 0.3,
      });
    if (stat.distribution?.length) optionTable(doc, '取值', stat.distribution);
  } else {
    textSection(doc, stat);
  }
  await chart(doc, stat);
  doc.moveDown(0.8);
}

function textSection(doc: Doc, stat: TSubjectStat): void {
  const texts = stat.texts ?? [];
  const total = stat.textTotal ?? texts.length;
  if (!texts.length) {
    paragraph(doc, '暂无回答', { size: 9.5, color: MUTED, gap: 0.5 });
    return;
  }
  paragraph(doc, total > texts.length ? `共 ${total} 条回答，以下为最新 ${texts.length} 条` : `共 ${texts.length} 条回答`, { size: 9, color: MUTED, gap: 0.3 });
  table(
    doc,
    [
      { title: '序号', width: 48, align: 'center' },
      { title: '回答内容', width: CONTENT - 48 - 120 },
      { title: '提交时间', width: 120 },
    ],
    texts.map((t, i) => [String(i + 1), t.text.length > 300 ? `${t.text.slice(0, 300)}…` : t.text, beijing(new Date(t.createTime))]),
  );
  if (stat.words?.length)
    paragraph(
      doc,
      `高频词：${stat.words
        .slice(0, 20)
        .map((w) => `${w.word}（${w.count}）`)
        .join('、')}`,
      { size: 9.5, gap: 0.3 },
    );
}

function cover(doc: Doc, report: PdfReport): void {
  const st = report.statement;
  doc.font(CHART_FONT).fontSize(9).fillColor(BRAND).text(`${report.brandName} · 统计报告`, MARGIN, MARGIN);
  doc.moveDown(0.4);
  doc
    .font(BOLD)
    .fontSize(20)
    .fillColor(INK)
    .text(plainTitle(st.title) || '未命名项目', { width: CONTENT });
  doc.moveDown(0.3);
  const scope = st.filtered ? `筛选后答卷 ${st.total} 份（已应用筛选条件）` : `有效答卷 ${st.total} 份`;
  doc
    .font(CHART_FONT)
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(`${scope} · 导出时间 ${beijing(report.generatedAt)}（北京时间）`);
  doc.moveDown(0.6);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + CONTENT, doc.y)
    .lineWidth(1)
    .strokeColor(BRAND)
    .stroke();
  doc.moveDown(1);
}

function footers(doc: Doc, brandName: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(CHART_FONT)
      .fontSize(8)
      .fillColor(MUTED)
      .text(`第 ${i + 1} / ${range.count} 页 · 由${brandName}生成`, MARGIN, A4.height - MARGIN + 12, { width: CONTENT, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/** Write the PDF to `out`; `progress` gets the share of subjects done (0–1) after each one. */
export async function writeReportPdf(report: PdfReport, out: Writable, progress: (done: number) => Promise<void>): Promise<void> {
  const PDFDocument = await pdfDocument();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: plainTitle(report.statement.title), Author: report.brandName, Creator: report.brandName },
  });
  doc.pipe(out);
  doc.registerFont(CHART_FONT, report.fontPath, CJK_FONT_FACE);
  const boldPath = path.join(path.dirname(report.fontPath), path.basename(report.fontPath).replace('Regular', 'Bold'));
  if (existsSync(boldPath) && boldPath !== report.fontPath) doc.registerFont(BOLD, boldPath, CJK_FONT_FACE.replace('Regular', 'Bold'));
  else doc.registerFont(BOLD, report.fontPath, CJK_FONT_FACE);
  cover(doc, report);
  const subjects = report.statement.subjects;
  if (!subjects.length) paragraph(doc, '该项目没有可统计的题目', { color: MUTED });
  for (let i = 0; i < subjects.length; i += 1) {
    await subjectSection(doc, subjects[i]!);
    await progress((i + 1) / subjects.length);
  }
  footers(doc, report.brandName);
  doc.end();
}
