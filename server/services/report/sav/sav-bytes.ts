/**
 * Little-endian byte helpers of the SPSS system file writer (PSPP's "System File Format" appendix): a growable
 * buffer and UTF-8 text cut at a character boundary so a fixed-width field never ends inside a character.
 */

/** The system-missing value: -DBL_MAX, as SPSS and PSPP write it. */
export const SYSMIS = -Number.MAX_VALUE;

export class ByteWriter {
  private chunks: Buffer[] = [];
  private size = 0;

  int32(value: number): this {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    return this.push(b);
  }

  float64(value: number): this {
    const b = Buffer.alloc(8);
    b.writeDoubleLE(value);
    return this.push(b);
  }

  bytes(b: Buffer): this {
    return this.push(b);
  }

  /** Text padded (or cut) to exactly `width` bytes with `fill`. */
  fixed(text: string, width: number, fill = 0x20): this {
    const b = Buffer.alloc(width, fill);
    fitUtf8(text, width).copy(b);
    return this.push(b);
  }

  private push(b: Buffer): this {
    this.chunks.push(b);
    this.size += b.length;
    return this;
  }

  get length(): number {
    return this.size;
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks, this.size);
  }
}

/** The UTF-8 bytes of `text`, at most `max`, never ending in the middle of a character. */
export function fitUtf8(text: string, max: number): Buffer {
  const b = Buffer.from(text, 'utf8');
  if (b.length <= max) return b;
  let end = max;
  // Step back over continuation bytes (10xxxxxx) so the cut falls before a lead byte.
  while (end > 0 && (b[end]! & 0xc0) === 0x80) end -= 1;
  return b.subarray(0, end);
}

/** Bytes of `text` in UTF-8. */
export const utf8Length = (text: string): number => Buffer.byteLength(text, 'utf8');

/** `n` rounded up to a multiple of `k`. */
export const roundUp = (n: number, k: number): number => Math.ceil(n / k) * k;
