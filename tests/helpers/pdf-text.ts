import { inflateSync } from 'node:zlib';

/**
 * A small PDF text reader for tests: enough for pdfkit's output (objects in the clear, Flate streams,
 * Type0 fonts with a ToUnicode CMap per font, text shown with Tj / TJ on hex strings). Returns the text of
 * every BT…ET block, one block per line, and the base font names.
 */
export function readPdf(pdf: Buffer): { text: string; fonts: string[] } {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  for (const m of raw.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) {
    const body = m[2]!;
    const at = body.indexOf('stream');
    let stream: Buffer | null = null;
    let dict = body;
    if (at >= 0 && body.includes('endstream')) {
      dict = body.slice(0, at);
      const start = at + 'stream'.length + (body[at + 6] === '\r' ? 2 : 1);
      const bytes = Buffer.from(body.slice(start, body.lastIndexOf('endstream')), 'latin1');
      stream = dict.includes('/FlateDecode') ? inflateSync(bytes) : bytes;
    }
    objects.set(Number(m[1]), { dict, stream });
  }
  const cmapOf = new Map<number, Map<string, string>>();
  const fonts: string[] = [];
  for (const [id, o] of objects) {
    const base = /\/BaseFont\s*\/([^\s/>]+)/.exec(o.dict)?.[1];
    if (base && /\/Type\s*\/Font/.test(o.dict)) fonts.push(base);
    const ref = /\/ToUnicode\s+(\d+) 0 R/.exec(o.dict)?.[1];
    const cmap = ref ? objects.get(Number(ref))?.stream : null;
    if (cmap) cmapOf.set(id, parseCmap(cmap.toString('latin1')));
  }
  const byName = new Map<string, Map<string, string>>();
  for (const o of objects.values()) {
    for (const block of o.dict.matchAll(/\/Font\s*<<([\s\S]*?)>>/g)) {
      for (const [, name, ref] of block[1]!.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
        const map = cmapOf.get(Number(ref));
        if (map) byName.set(name!, map);
      }
    }
  }
  const lines: string[] = [];
  for (const o of objects.values()) {
    const content = o.stream?.toString('latin1');
    if (!content || !/\bTf\b/.test(content)) continue;
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      let map: Map<string, string> | undefined;
      let line = '';
      for (const op of block[1]!.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|\[((?:[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
        if (op[1]) map = byName.get(op[1]);
        const hexes = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : op[3] !== undefined ? [op[3]] : [];
        for (const hex of hexes) for (let i = 0; i + 4 <= hex.length; i += 4) line += map?.get(hex.slice(i, i + 4).toLowerCase()) ?? '';
      }
      if (line) lines.push(line);
    }
  }
  return { text: lines.join('\n'), fonts };
}

const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');

function parseCmap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const code = (n: number) => n.toString(16).padStart(4, '0');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, from, to] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(from!.toLowerCase().padStart(4, '0'), utf16(to!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, rest] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const start = parseInt(lo!, 16);
      const end = parseInt(hi!, 16);
      if (rest!.startsWith('[')) {
        [...rest!.matchAll(/<([0-9a-fA-F]+)>/g)].forEach((m, i) => map.set(code(start + i), utf16(m[1]!)));
      } else {
        const first = parseInt(rest!.slice(1, -1), 16);
        for (let c = start; c <= end; c += 1) map.set(code(c), String.fromCharCode(first + c - start));
      }
    }
  }
  return map;
}
