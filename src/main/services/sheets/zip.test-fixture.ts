import { crc32, deflateRawSync } from 'node:zlib';

/** One part of a test zip: its name, the stored (deflated) bytes and what it declares unpacked. */
export interface ZipPart {
  name: string;
  deflated: Buffer;
  size: number;
  crc: number;
}

/** A deflated part of `data`, declaring its true size. */
export const part = (name: string, data: Buffer | string): ZipPart => {
  const raw = typeof data === 'string' ? Buffer.from(data) : data;
  return { name, deflated: deflateRawSync(raw), size: raw.length, crc: crc32(raw) };
};

/** A minimal zip (deflate, no Zip64) of `parts`, written exactly as the sizes say. */
export function makeZip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt16LE(8, 8);
    lh.writeUInt32LE(p.crc >>> 0, 14);
    lh.writeUInt32LE(p.deflated.length, 18);
    lh.writeUInt32LE(p.size, 22);
    lh.writeUInt16LE(name.length, 26);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(20, 4);
    ch.writeUInt16LE(20, 6);
    ch.writeUInt16LE(8, 10);
    ch.writeUInt32LE(p.crc >>> 0, 16);
    ch.writeUInt32LE(p.deflated.length, 20);
    ch.writeUInt32LE(p.size, 24);
    ch.writeUInt16LE(name.length, 28);
    ch.writeUInt32LE(offset, 42);
    locals.push(lh, name, p.deflated);
    centrals.push(ch, name);
    offset += 30 + name.length + p.deflated.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
