import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { pipeline as chain, Readable, Transform } from 'node:stream';
import { createInflateRaw, crc32 } from 'node:zlib';

/**
 * Reads a backup archive (archive-write.ts) from its central directory, so each entry is streamed from its place in
 * the file (never the whole archive in memory) and its CRC-32 and size are checked as it is read.
 */
export interface ArchiveEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export class ArchiveReader {
  private constructor(
    readonly file: string,
    readonly entries: Map<string, ArchiveEntry>,
  ) {}

  static async open(file: string): Promise<ArchiveReader> {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      const tailLength = Math.min(size, 22 + 0xffff);
      const tail = Buffer.alloc(tailLength);
      await handle.read(tail, 0, tailLength, size - tailLength);
      const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      if (end < 0) throw new Error(`${file} is not a zip archive (no end of central directory).`);
      const count = tail.readUInt16LE(end + 10);
      const dirSize = tail.readUInt32LE(end + 12);
      const dirOffset = tail.readUInt32LE(end + 16);
      const dir = Buffer.alloc(dirSize);
      await handle.read(dir, 0, dirSize, dirOffset);
      return new ArchiveReader(file, parseDirectory(dir, count, file));
    } finally {
      await handle.close();
    }
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  async readBytes(name: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.stream(name)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async extractTo(name: string, target: string): Promise<void> {
    await pipeline(await this.stream(name), createWriteStream(target, { flags: 'wx' }));
  }

  /** The entry's bytes, inflated when deflated, failing at the end when the CRC-32 or the size is not the stored one. */
  private async stream(name: string): Promise<Transform> {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`${this.file} holds no ${name}.`);
    const start = await this.dataStart(entry);
    const raw =
      entry.compressedSize === 0 ? Readable.from([]) : createReadStream(this.file, { start, end: start + entry.compressedSize - 1, highWaterMark: 1 << 20 });
    const check = checkedBytes(entry, this.file);
    // stream.pipeline (not .pipe) so a read or inflate error ends the returned stream with that error.
    const onEnd = () => {};
    return entry.method === 8 ? chain(raw, createInflateRaw(), check, onEnd) : chain(raw, check, onEnd);
  }

  private async dataStart(entry: ArchiveEntry): Promise<number> {
    const handle = await open(this.file, 'r');
    try {
      const header = Buffer.alloc(30);
      await handle.read(header, 0, 30, entry.localOffset);
      if (header.readUInt32LE(0) !== 0x04034b50) throw new Error(`${this.file}: ${entry.name} has no local header.`);
      return entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    } finally {
      await handle.close();
    }
  }
}

function parseDirectory(dir: Buffer, count: number, file: string): Map<string, ArchiveEntry> {
  const entries = new Map<string, ArchiveEntry>();
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (dir.readUInt32LE(at) !== 0x02014b50) throw new Error(`${file}: its central directory is damaged.`);
    const method = dir.readUInt16LE(at + 10);
    if (method !== 0 && method !== 8) throw new Error(`${file}: unsupported compression method ${method}.`);
    const nameLength = dir.readUInt16LE(at + 28);
    const name = dir.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, {
      name,
      method,
      crc: dir.readUInt32LE(at + 16),
      compressedSize: dir.readUInt32LE(at + 20),
      size: dir.readUInt32LE(at + 24),
      localOffset: dir.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + dir.readUInt16LE(at + 30) + dir.readUInt16LE(at + 32);
  }
  return entries;
}

function checkedBytes(entry: ArchiveEntry, file: string): Transform {
  let crc = 0;
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      if (crc >>> 0 !== entry.crc >>> 0 || size !== entry.size) done(new Error(`${file}: ${entry.name} is damaged (checksum or size differs).`));
      else done();
    },
  });
}
