import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from 'fflate';

/**
 * A zip archive written as it goes (fflate's streaming Zip): each entry is read in chunks and its output goes to
 * the file with the stream's backpressure respected, so uploads are never held in memory. Plain zip (no zip64):
 * at most 65,535 entries and 4 GiB, which `checkZipLimits` refuses up front with a clear message.
 */
export class ArchiveWriter {
  private readonly out: WriteStream;
  private readonly zip: Zip;
  private failure: Error | null = null;
  private readonly finished: Promise<void>;

  constructor(file: string) {
    this.out = createWriteStream(file, { flags: 'wx' });
    this.out.on('error', (error) => (this.failure ??= error));
    let settle!: { resolve: () => void; reject: (error: Error) => void };
    this.finished = new Promise((resolve, reject) => (settle = { resolve, reject }));
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        this.failure ??= error;
        return settle.reject(error);
      }
      this.out.write(chunk);
      if (final) this.out.end(() => (this.failure ? settle.reject(this.failure) : settle.resolve()));
    });
  }

  /** An entry from bytes in memory (the manifest, a database dump already held by PGlite). */
  async addBytes(name: string, bytes: Uint8Array, compress: boolean): Promise<void> {
    const entry = this.entry(name, compress);
    const step = 1 << 20;
    if (bytes.length === 0) entry.push(new Uint8Array(0), true);
    for (let at = 0; at < bytes.length; at += step) {
      entry.push(bytes.subarray(at, at + step), at + step >= bytes.length);
      await this.drained();
    }
  }

  /** An entry streamed from a file on disk. */
  async addFile(name: string, file: string, compress: boolean, mtime?: Date): Promise<void> {
    const entry = this.entry(name, compress, mtime);
    let previous: Uint8Array | null = null;
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
      if (previous) {
        entry.push(previous, false);
        await this.drained();
      }
      previous = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length);
    }
    entry.push(previous ?? new Uint8Array(0), true);
    await this.drained();
  }

  /** Writes the central directory and closes the file. */
  async finish(): Promise<void> {
    this.zip.end();
    await this.finished;
    if (this.failure) throw this.failure;
  }

  /** Stops on the first error; the caller removes the partial file. */
  async abort(): Promise<void> {
    this.zip.terminate();
    if (!this.out.closed) {
      this.out.end();
      await once(this.out, 'close').catch(() => {});
    }
  }

  private entry(name: string, compress: boolean, mtime?: Date): ZipInputFile & { push(chunk: Uint8Array, final?: boolean): void } {
    const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    if (mtime) entry.mtime = mtime;
    this.zip.add(entry);
    return entry;
  }

  private async drained(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
  }
}

export const ZIP_MAX_ENTRIES = 65_535;
/** 4 GiB less room for headers and the central directory. */
export const ZIP_MAX_BYTES = 0xffffffff - 64 * 1024 * 1024;

export function checkZipLimits(entries: number, bytes: number): void {
  if (entries > ZIP_MAX_ENTRIES)
    throw new Error(`The backup would hold ${entries} files; a backup archive holds at most ${ZIP_MAX_ENTRIES} (zip without zip64).`);
  if (bytes > ZIP_MAX_BYTES)
    throw new Error(`The backup would hold ${bytes} bytes; a backup archive holds at most 4 GiB (zip without zip64). Copy DATA_DIR/uploads apart.`);
}

/** Files already compressed are stored as they are; deflating them again costs time and gains nothing. */
const COMPRESSED = new Set([
  'jpg',
  'jpeg',
  'png',
  'webp',
  'gif',
  'avif',
  'heic',
  'mp3',
  'mp4',
  'mov',
  'm4a',
  'aac',
  'ogg',
  'webm',
  'zip',
  'gz',
  'tgz',
  'bz2',
  'xz',
  '7z',
  'rar',
  'docx',
  'xlsx',
  'pptx',
  'pdf',
]);

export function worthCompressing(name: string): boolean {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return !COMPRESSED.has(ext);
}
