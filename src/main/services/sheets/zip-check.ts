import { inflateRawSync } from 'node:zlib';
import { PROJECT_LIMITS } from '../../../shared/cards/limits';
import { err, ok, type Result } from '../../../shared/util/result';
import { SHEETS_ERRORS } from './table';

const MB = (n: number): string => `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;

/**
 * Check an XLSX (a zip) before any library inflates it, so a "zip bomb" — a small file that
 * unpacks to gigabytes — is refused instead of filling memory: the central directory is read
 * (no inflating) and the number of parts and the unpacked size of each and of all are checked
 * against PROJECT_LIMITS; then each part is inflated with an output cap of the size it declares,
 * so a part that lies about its size is refused too, never holding more than the limit in memory.
 * Zip64 files (only needed past 4 GB) and encrypted parts are refused.
 */
export function checkXlsxZip(file: string, bytes: Uint8Array): Result<{ parts: number; unpackedBytes: number }> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const notXlsx = err(SHEETS_ERRORS.INVALID, `${file} is not an XLSX workbook (it is not a readable zip); save it from the spreadsheet as "Excel Workbook (.xlsx)", or as "CSV UTF-8".`);
  const huge = (what: string) =>
    err(SHEETS_ERRORS.TOO_LARGE, `${file} unpacks to ${what}, over the limit of ${MB(PROJECT_LIMITS.sheetUnpackedBytes)} for a spreadsheet; it may be damaged or built to exhaust memory. Open it in a spreadsheet and save only the cards sheet, or export it as CSV UTF-8.`);
  // End of central directory: 22 bytes plus a comment of up to 65535, at the end of the file.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--)
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) return notXlsx;
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) return huge('more than 4 GB (a Zip64 file)');
  if (count > PROJECT_LIMITS.sheetParts)
    return err(SHEETS_ERRORS.TOO_LARGE, `${file} has ${count} parts, over the limit of ${PROJECT_LIMITS.sheetParts} for a spreadsheet; save only the cards sheet, or export it as CSV UTF-8.`);
  if (cdOffset + cdSize > eocd) return notXlsx;
  const entries: { method: number; compressed: number; size: number; local: number; name: string }[] = [];
  let total = 0;
  for (let p = cdOffset, n = 0; n < count; n++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== 0x02014b50) return notXlsx;
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const local = buf.readUInt32LE(p + 42);
    if (flags & 1) return err(SHEETS_ERRORS.INVALID, `${file} is password-protected; remove the password in the spreadsheet and save it again.`);
    if (size === 0xffffffff || compressed === 0xffffffff) return huge('more than 4 GB (a Zip64 part)');
    if (method !== 0 && method !== 8) return notXlsx;
    total += size;
    if (size > PROJECT_LIMITS.sheetUnpackedBytes || total > PROJECT_LIMITS.sheetUnpackedBytes) return huge(`at least ${MB(Math.max(size, total))}`);
    const name = buf.toString('utf8', p + 46, Math.min(eocd, p + 46 + buf.readUInt16LE(p + 28)));
    entries.push({ method, compressed, size, local, name });
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  // Each part must really unpack to no more than it says. A worksheet's rows and cells are counted
  // on the way (a byte scan, no XML parsing), so a sheet of a million rows is refused in a second
  // instead of being parsed for half a minute.
  for (const e of entries) {
    const sheet = /^xl\/worksheets\/[^/]+\.xml$/i.test(e.name);
    if (e.local + 30 > buf.length || buf.readUInt32LE(e.local) !== 0x04034b50) return notXlsx;
    const start = e.local + 30 + buf.readUInt16LE(e.local + 26) + buf.readUInt16LE(e.local + 28);
    if (start + e.compressed > buf.length) return notXlsx;
    if (e.method === 0) {
      if (e.compressed !== e.size) return notXlsx;
      if (sheet) {
        const over = sheetTooBig(file, e.name, buf.subarray(start, start + e.size));
        if (over) return over;
      }
      continue;
    }
    try {
      const out = inflateRawSync(buf.subarray(start, start + e.compressed), { maxOutputLength: Math.max(1, e.size) });
      if (out.length !== e.size) return notXlsx;
      if (sheet) {
        const over = sheetTooBig(file, e.name, out);
        if (over) return over;
      }
    } catch (x) {
      if ((x as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return huge('more than its parts declare');
      return notXlsx;
    }
  }
  return ok({ parts: count, unpackedBytes: total });
}

/** Occurrences of `<row` / `<c` elements (with or without a namespace prefix) in worksheet XML. */
function countTags(xml: Buffer, tag: string, stopAt: number): number {
  let n = 0;
  for (const prefix of [`<${tag}`, `:${tag}`]) {
    const needle = Buffer.from(prefix);
    for (let i = xml.indexOf(needle); i !== -1 && n <= stopAt; i = xml.indexOf(needle, i + needle.length)) {
      const next = xml[i + needle.length];
      // `<row>` or `<row r=…`, not `<rowBreaks`; a prefixed tag must follow `<x`.
      if (next !== 0x20 && next !== 0x3e && next !== 0x2f && next !== 0x09 && next !== 0x0a && next !== 0x0d) continue;
      if (prefix.startsWith(':') && xml.lastIndexOf(0x3c, i) < xml.lastIndexOf(0x3e, i)) continue;
      n++;
    }
  }
  return n;
}

/** A worksheet of more rows (the header and the cards) or cells than a project holds, refused naming it. */
function sheetTooBig(file: string, part: string, xml: Buffer): { ok: false; error: { code: string; message: string; details?: unknown } } | undefined {
  const maxRows = PROJECT_LIMITS.rows + 1;
  const rows = countTags(xml, 'row', maxRows);
  const name = part.replace(/^xl\/worksheets\//i, '');
  if (rows > maxRows)
    return err(
      SHEETS_ERRORS.TOO_LARGE,
      `${file}: the worksheet ${name} has more than ${PROJECT_LIMITS.rows.toLocaleString('en-US')} rows of cards, the limit; split the cards into several projects, or delete the sheets that are not cards and save again.`,
      { zh: `${file}：工作表 ${name} 的牌超过 ${PROJECT_LIMITS.rows.toLocaleString('en-US')} 行（上限）；请把牌拆到几个项目中，或删除不是牌的工作表后重新保存。`, part },
    );
  const maxCells = maxRows * PROJECT_LIMITS.columns;
  const cells = countTags(xml, 'c', maxCells);
  if (cells > maxCells)
    return err(
      SHEETS_ERRORS.TOO_LARGE,
      `${file}: the worksheet ${name} has more than ${maxCells.toLocaleString('en-US')} cells, more than ${PROJECT_LIMITS.rows.toLocaleString('en-US')} cards of ${PROJECT_LIMITS.columns} columns hold; delete the rows and columns that are not cards and save again.`,
      { zh: `${file}：工作表 ${name} 的单元格超过 ${maxCells.toLocaleString('en-US')} 个，超出 ${PROJECT_LIMITS.rows.toLocaleString('en-US')} 张牌 × ${PROJECT_LIMITS.columns} 列的上限；请删除不是牌的行和列后重新保存。`, part },
    );
  return undefined;
}
