/**
 * Video and audio recognised by their bytes (spec §9 media extensions): the first bytes of a file must be those of
 * its extension's format, so a renamed text file or page is refused whatever it is called.
 */
export type TMediaKind = 'video' | 'audio';

/** The ASF header object's GUID (Windows Media: wmv and wma). */
const ASF = Buffer.from([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c]);

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');

/** An ISO base media file (mp4, 3gp, m4a): a `ftyp` box first, with its major brand. */
const ftypBrand = (b: Buffer): string | null => (b.length >= 12 && ascii(b, 4, 8) === 'ftyp' ? ascii(b, 8, 12) : null);
const isRiff = (b: Buffer, form: string) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === form;
const isAsf = (b: Buffer) => b.subarray(0, 16).equals(ASF);
/** An MPEG audio frame header: 11 sync bits, a version other than "reserved", layer I–III (ADTS has layer 00). */
const isMpegFrame = (b: Buffer) => b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && ((b[1]! >> 3) & 3) !== 1 && ((b[1]! >> 1) & 3) !== 0;
/** An ADTS frame header (raw AAC): 12 sync bits and layer 00; or an ADIF header. */
const isAac = (b: Buffer) => (b[0] === 0xff && (b[1]! & 0xf6) === 0xf0) || ascii(b, 0, 4) === 'ADIF';

export interface TMediaFormat {
  kind: TMediaKind;
  mime: string;
  /** True when the first bytes are this format's. */
  test: (head: Buffer) => boolean;
}

/** The formats by extension: video mp4 flv wmv 3gp avi, audio mp3 wma wav amr m4a aac (spec §9). */
export const MEDIA_FORMATS: Record<string, TMediaFormat> = {
  mp4: { kind: 'video', mime: 'video/mp4', test: (b) => ftypBrand(b) !== null },
  flv: { kind: 'video', mime: 'video/x-flv', test: (b) => ascii(b, 0, 3) === 'FLV' && b[3] === 1 },
  wmv: { kind: 'video', mime: 'video/x-ms-wmv', test: isAsf },
  '3gp': { kind: 'video', mime: 'video/3gpp', test: (b) => /^3g[p2]/.test(ftypBrand(b) ?? '') || ftypBrand(b) === 'isom' },
  avi: { kind: 'video', mime: 'video/x-msvideo', test: (b) => isRiff(b, 'AVI ') },
  mp3: { kind: 'audio', mime: 'audio/mpeg', test: (b) => ascii(b, 0, 3) === 'ID3' || isMpegFrame(b) },
  wma: { kind: 'audio', mime: 'audio/x-ms-wma', test: isAsf },
  wav: { kind: 'audio', mime: 'audio/wav', test: (b) => isRiff(b, 'WAVE') },
  amr: { kind: 'audio', mime: 'audio/amr', test: (b) => ascii(b, 0, 6) === '#!AMR\n' || ascii(b, 0, 9) === '#!AMR-WB\n' },
  m4a: { kind: 'audio', mime: 'audio/mp4', test: (b) => ftypBrand(b) !== null },
  aac: { kind: 'audio', mime: 'audio/aac', test: isAac },
};

/** The extensions of one kind, in the spec's order. */
export const mediaExtensions = (kind: TMediaKind): string[] => Object.keys(MEDIA_FORMATS).filter((ext) => MEDIA_FORMATS[ext]!.kind === kind);

/** How many first bytes the tests need. */
export const MEDIA_HEAD_BYTES = 16;

export const MEDIA_NAMES: Record<TMediaKind, string> = { video: '视频', audio: '音频' };

/**
 * Why a file is not a `kind` (a message for the creator), or null when its extension is one of the kind's and its
 * bytes are that format's.
 */
export function mediaProblem(kind: TMediaKind, filename: string, head: Buffer): string | null {
  const ext = /\.([a-z0-9]{1,10})$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  const format = MEDIA_FORMATS[ext];
  const allowed = mediaExtensions(kind).join('、');
  if (!format || format.kind !== kind) return `仅支持 ${allowed} 格式的${MEDIA_NAMES[kind]}`;
  if (!format.test(head)) return `文件内容不是有效的${MEDIA_NAMES[kind]}（${ext}），请上传 ${allowed} 格式的${MEDIA_NAMES[kind]}`;
  return null;
}
