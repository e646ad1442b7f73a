/**
 * Certificate rendering bench (issue 49 item 5): the exam certificate as a PNG (an SVG rendered by sharp with the Noto
 * CJK face) and as an A4 PDF (pdfkit embedding the CJK face), each from the same facts with a QR code of the verify
 * address; the QR code alone beside them, for scale. One at a time (p50/p95 of each render) and BENCH_PARALLEL
 * (default 4) in flight (renders per second). No database: the download route adds one indexed read.
 * BENCH_COUNT (default 40) renders per case.
 * Run: node --import tsx bench/certificates.ts
 */
import { performance } from 'node:perf_hooks';
import QRCode from 'qrcode';
import { certificatePdf, certificatePng, type CertificateFace } from '../server/services/certificate/certificate-render';

const COUNT = Number(process.env.BENCH_COUNT ?? 40);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 4);

const face = (i: number): CertificateFace => ({
  title: '结业证书',
  body: `兹证明 王小明 于 2026年12月4日 参加《消防安全知识考试》，成绩 ${80 + (i % 20)} 分，成绩合格，特发此证。`,
  name: '王小明',
  serialNo: `CERT-20261204-${String(100000 + i)}`,
  date: '2026-12-04',
  issuer: '某某市消防安全教育中心',
  verifyUrl: `https://wj.example.com/certificate/verify.html?no=CERT-20261204-${100000 + i}`,
});

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function oneByOne(render: (i: number) => Promise<Buffer>) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < COUNT; i++) {
    const t0 = performance.now();
    bytes += (await render(i)).length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), perSecond: COUNT / (times.reduce((a, b) => a + b, 0) / 1000), kb: bytes / COUNT / 1024 };
}

async function inFlight(render: (i: number) => Promise<Buffer>) {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < COUNT) await render(next++);
    }),
  );
  return COUNT / ((performance.now() - t0) / 1000);
}

async function main() {
  const cases: Array<[string, (i: number) => Promise<Buffer>]> = [
    ['QR code alone (PNG buffer)', (i) => QRCode.toBuffer(face(i).verifyUrl, { margin: 1, width: 360, errorCorrectionLevel: 'M' })],
    ['certificate PNG (1600×1130)', (i) => certificatePng(face(i))],
    ['certificate PDF (A4 landscape, CJK font embedded)', (i) => certificatePdf(face(i))],
  ];
  // Warm-up: sharp's and fontconfig's first load, pdfkit's font parse.
  for (const [, render] of cases) await render(0);
  console.log(`${COUNT} renders per case; ${PARALLEL} in flight for the second figure`);
  console.log('| case | p50 | p95 | one at a time | in flight | size |');
  console.log('|---|---|---|---|---|---|');
  for (const [label, render] of cases) {
    const single = await oneByOne(render);
    const parallel = await inFlight(render);
    console.log(
      `| ${label} | ${single.p50.toFixed(1)} ms | ${single.p95.toFixed(1)} ms | ${single.perSecond.toFixed(1)}/s | ${parallel.toFixed(1)}/s | ${single.kb.toFixed(0)} KB |`,
    );
  }
}

await main();
