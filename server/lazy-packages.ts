/**
 * Packages that only some calls need (spreadsheets, PDF, images, QR codes, mail, CSV), loaded on first use rather
 * than when the server starts: evaluating them took about half of every start's load phase, ~1 s of CPU (issue 54
 * item 5, docs/benchmarks.md). Node caches a module once loaded, so a later call costs a resolved promise. Other
 * server files import these packages' types only (`import type`, erased at build); lint forbids value imports.
 */
export const excel = async () => (await import('exceljs')).default;
export const pdfDocument = async () => (await import('pdfkit')).default;
export const svgToPdf = async () => (await import('svg-to-pdfkit')).default;
export const sharpImage = async () => (await import('sharp')).default;
export const qrCode = async () => (await import('qrcode')).default;
export const mailer = async () => (await import('nodemailer')).default;
export const csvStringify = async () => (await import('csv-stringify/sync')).stringify;
