import { brotliDecompressSync } from 'node:zlib';

/**
 * The tables that measuring text needs (character map, advances, vertical metrics), cut out of a
 * WOFF2 file as a small TrueType font that fontkit parses at once.
 *
 * Why: fontkit reads WOFF2 with a Brotli decoder written in JavaScript (~0.3 s a CJK face) and,
 * asked for glyphs, decodes the whole transformed `glyf` table. Measuring needs neither: Node's
 * own Brotli unpacks the file's tables in a few milliseconds, and cmap, hmtx, hhea, head, maxp
 * and OS/2 are stored untransformed. This made the first render of the 生肖赛跑 board (five faces,
 * an empty cache folder) take seconds of main's CPU.
 *
 * Returns undefined for anything else (not WOFF2, a font collection, a variable font, a
 * transformed or missing table, a damaged file): the caller then lets fontkit read the file.
 */
export function metricsSfnt(woff2: Uint8Array): Buffer | undefined {
  try {
    return cut(Buffer.from(woff2.buffer, woff2.byteOffset, woff2.byteLength));
  } catch {
    return undefined;
  }
}

/** The tables kept, in the order of the TrueType directory (sorted by tag). */
const NEEDED = ['OS/2', 'cmap', 'head', 'hhea', 'hmtx', 'maxp'] as const;

/** WOFF2's known table tags, by the index its directory stores (WOFF2 spec, table 3). */
const KNOWN_TAGS = [
  'cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post', 'cvt ', 'fpgm', 'glyf', 'loca', 'prep', 'CFF ', 'VORG', 'EBDT',
  'EBLC', 'gasp', 'hdmx', 'kern', 'LTSH', 'PCLT', 'VDMX', 'vhea', 'vmtx', 'BASE', 'GDEF', 'GPOS', 'GSUB', 'EBSC', 'JSTF', 'MATH',
  'CBDT', 'CBLC', 'COLR', 'CPAL', 'SVG ', 'sbix', 'acnt', 'avar', 'bdat', 'bloc', 'bsln', 'cvar', 'fdsc', 'feat', 'fmtx', 'fvar',
  'gvar', 'hsty', 'just', 'lcar', 'mort', 'morx', 'opbd', 'prop', 'trak', 'Zapf', 'Silf', 'Glat', 'Gloc', 'Feat', 'Sill',
];

function cut(b: Buffer): Buffer | undefined {
  if (b.length < 48 || b.toString('latin1', 0, 4) !== 'wOF2') return undefined;
  if (b.toString('latin1', 4, 8) === 'ttcf') return undefined;
  const numTables = b.readUInt16BE(12);
  const compressed = b.readUInt32BE(20);
  let at = 48;
  const base128 = (): number => {
    let v = 0;
    for (let i = 0; i < 5; i++) {
      const byte = b[at++]!;
      v = v * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return v;
    }
    throw new Error('bad UIntBase128');
  };
  // Each table's place in the decompressed stream: tables follow one another, in directory order.
  const tables = new Map<string, { offset: number; length: number; transformed: boolean }>();
  let offset = 0;
  for (let i = 0; i < numTables; i++) {
    const flags = b[at++]!;
    let tag: string;
    if ((flags & 0x3f) === 0x3f) {
      tag = b.toString('latin1', at, at + 4);
      at += 4;
    } else tag = KNOWN_TAGS[flags & 0x3f] ?? '';
    const version = flags >> 6;
    const origLength = base128();
    // glyf and loca are transformed at version 0 (3 = null transform); every other table at 1–3.
    const transformed = tag === 'glyf' || tag === 'loca' ? version !== 3 : version !== 0;
    const length = transformed ? base128() : origLength;
    tables.set(tag, { offset, length, transformed });
    offset += length;
  }
  // A variable face's advances vary (HVAR): fontkit must read it whole.
  if (tables.has('HVAR') || tables.has('fvar')) return undefined;
  const stream = brotliDecompressSync(b.subarray(at, at + compressed));
  if (stream.length < offset) return undefined;
  const kept = NEEDED.map((tag) => ({ tag, t: tables.get(tag) }));
  if (kept.some(({ t }) => !t || t.transformed)) return undefined;
  // A TrueType file: offset table, directory, then each table padded to 4 bytes (checksums are
  // not read by fontkit; left 0).
  const header = 12 + 16 * kept.length;
  const size = kept.reduce((n, { t }) => n + ((t!.length + 3) & ~3), header);
  const out = Buffer.alloc(size);
  out.writeUInt32BE(0x00010000, 0);
  out.writeUInt16BE(kept.length, 4);
  const pow = 2 ** Math.floor(Math.log2(kept.length));
  out.writeUInt16BE(pow * 16, 6);
  out.writeUInt16BE(Math.log2(pow), 8);
  out.writeUInt16BE(kept.length * 16 - pow * 16, 10);
  let pos = header;
  kept.forEach(({ tag, t }, i) => {
    const rec = 12 + 16 * i;
    out.write(tag, rec, 4, 'latin1');
    out.writeUInt32BE(pos, rec + 8);
    out.writeUInt32BE(t!.length, rec + 12);
    stream.copy(out, pos, t!.offset, t!.offset + t!.length);
    pos += (t!.length + 3) & ~3;
  });
  return out;
}

/**
 * The advance widths of a TrueType font's `hmtx` table by glyph id (the last one repeats for the
 * ids after it), read from the bytes: fontkit decodes each entry through a lazy struct, which
 * for ~8,000 glyphs was most of the time left. Undefined when the tables are not there.
 */
export function hmtxAdvances(sfnt: Uint8Array): Uint16Array | undefined {
  try {
    const b = Buffer.from(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
    const n = b.readUInt16BE(4);
    const table = (tag: string): { offset: number; length: number } | undefined => {
      for (let i = 0; i < n; i++) {
        const rec = 12 + 16 * i;
        if (b.toString('latin1', rec, rec + 4) === tag) return { offset: b.readUInt32BE(rec + 8), length: b.readUInt32BE(rec + 12) };
      }
      return undefined;
    };
    const hhea = table('hhea');
    const hmtx = table('hmtx');
    if (!hhea || !hmtx || hhea.length < 36) return undefined;
    const count = b.readUInt16BE(hhea.offset + 34);
    if (count === 0 || count * 4 > hmtx.length) return undefined;
    const out = new Uint16Array(count);
    for (let i = 0; i < count; i++) out[i] = b.readUInt16BE(hmtx.offset + 4 * i);
    return out;
  } catch {
    return undefined;
  }
}
