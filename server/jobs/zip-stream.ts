import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** Formats that are compressed already: stored as they are, so zipping never re-deflates a video. */
const STORED = new Set('png jpg jpeg gif webp mp4 flv wmv 3gp avi mp3 wma amr m4a aac zip rar docx xlsx pptx pdf'.split(' '));
const LOCAL = /^\/uploads\/([\w-]+\.[a-z0-9]{1,10})$/;

/** An entry name without folders or characters file systems refuse; the extension is kept. */
export const safeEntryName = (name: string): string =>
  [...name]
    .map((ch) => (ch.charCodeAt(0) < 0x20 ? '_' : ch))
    .join('')
    .replace(/[\\/:*?"<>|]+/g, '_')
    .replace(/^\.+/, '')
    .trim()
    .slice(-120) || '文件';

/** Where an `/uploads/…` URL's file lives, when it is one of ours and still there; why not otherwise. */
export async function uploadedFile(uploadsDir: string, url: string): Promise<{ file: string } | { missing: 'gone' | 'elsewhere' }> {
  const local = LOCAL.exec(url)?.[1];
  if (!local) return { missing: 'elsewhere' };
  const file = path.join(uploadsDir, local);
  return (await stat(file).catch(() => null))?.isFile() ? { file } : { missing: 'gone' };
}

/**
 * A zip written to `out` as it is made, waiting for `out` to drain: files are streamed from disk one chunk at a
 * time, so a large archive never sits in memory. `end()` ends `out` (the caller waits for its 'finish').
 */
export function zipStream(out: Writable) {
  const zip = new Zip();
  let failure: Error | null = null;
  let draining = false;
  zip.ondata = (error, chunk, final) => {
    if (error) failure = error;
    else if (!out.write(chunk)) draining = true;
    if (final) out.end();
  };
  const flush = async () => {
    if (failure) throw failure;
    if (draining) {
      draining = false;
      await once(out, 'drain');
    }
  };
  return {
    /** Stream a file from disk into the zip as `name` (stored when already compressed, deflated otherwise). */
    async addFile(name: string, file: string): Promise<void> {
      const ext = path.extname(name).slice(1).toLowerCase();
      const entry = STORED.has(ext) ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      for await (const chunk of createReadStream(file)) {
        entry.push(chunk as Uint8Array);
        await flush();
      }
      entry.push(new Uint8Array(0), true);
      await flush();
    },
    /** A text file of lines (UTF-8 with a BOM and CRLF, so Windows' Notepad shows the Chinese). */
    addNote(name: string, lines: string[]): void {
      const note = new ZipDeflate(name, { level: 6 });
      zip.add(note);
      note.push(new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`), true);
    },
    end(): void {
      zip.end();
      if (failure) throw failure;
    },
  };
}
