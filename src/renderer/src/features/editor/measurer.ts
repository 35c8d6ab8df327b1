/**
 * The text measurer of the editor's canvas: main's font metrics (fontkit advance widths of the
 * same font bytes the PDF writer embeds, no kerning), fetched per character and kept, so layout
 * runs in the renderer at pointer speed and still matches print. A character not fetched yet is
 * measured by an estimate (1 em for CJK, 0.55 em otherwise) and asked for; when the widths arrive
 * the canvas lays out again.
 */
import type { FontFaceId } from '../../../../shared/cards/draw-list';
import { isProjectFace, type FaceMetrics, type TextMeasurer } from '../../../../shared/cards/fonts';
import type { FaceTable, FontTables } from '../../../../shared/ipc/contract';
import { ptToMm } from '../../../../shared/util/units';

/** Every character a measurer may have to measure soon: ASCII, the text of the templates and the data. */
export function charsOf(...texts: string[]): string {
  const set = new Set<string>();
  for (let c = 32; c < 127; c++) set.add(String.fromCharCode(c));
  for (const t of texts) for (const ch of t) if (ch !== '\n' && ch !== '\r') set.add(ch);
  return [...set].join('');
}

const estimate = (ch: string): number => (ch.codePointAt(0)! >= 0x2e80 ? 1 : 0.55);

export class TableMeasurer implements TextMeasurer {
  readonly #tables: Partial<Record<FontFaceId, FaceTable>> = {};
  /** Characters measured by estimate and not yet asked for. */
  readonly #wanted = new Set<string>();

  /** Take tables answered by `templates:measure` (merged with those already known). */
  add(t: FontTables): void {
    for (const face of Object.keys(t) as FontFaceId[]) {
      const have = this.#tables[face];
      const next = (t as Partial<Record<FontFaceId, FaceTable>>)[face];
      if (!next) continue;
      if (!have) this.#tables[face] = { ...next, widths: { ...next.widths } };
      else {
        Object.assign(have.widths, next.widths);
        have.missing += next.missing;
      }
      for (const ch of Object.keys(next.widths)) this.#wanted.delete(ch);
    }
  }

  /** The characters to ask main for (measured by estimate so far); clears the list. */
  takeWanted(): string {
    const s = [...this.#wanted].join('');
    this.#wanted.clear();
    return s;
  }

  /** Every character measured so far (to measure a newly added face with). */
  known(): string {
    return Object.keys(this.#tables.sans?.widths ?? {}).join('');
  }

  /**
   * The table of a face. A project face main has not measured (not added yet, or its file is
   * gone) measures as sans, as export preflight does; it is never asked for again and again.
   */
  #table(face: FontFaceId): FaceTable | undefined {
    return this.#tables[face] ?? (isProjectFace(face) ? this.#tables.sans : undefined);
  }

  /** Whether metrics have arrived at all. */
  get ready(): boolean {
    return this.#tables.sans !== undefined;
  }

  width(face: FontFaceId, text: string, size: number): number {
    const w = this.#table(face)?.widths;
    let em = 0;
    for (const ch of text) {
      const a = w?.[ch];
      if (a === undefined) {
        this.#wanted.add(ch);
        em += estimate(ch);
      } else em += a;
    }
    return ptToMm(em * size);
  }

  metrics(face: FontFaceId): FaceMetrics {
    const t = this.#table(face);
    return t ? { ascent: t.ascent, descent: t.descent, capHeight: t.capHeight } : { ascent: 0.88, descent: -0.12, capHeight: 0.7 };
  }

  hasGlyph(face: FontFaceId, codePoint: number): boolean {
    const t = this.#tables[face];
    return !t || !t.missing.includes(String.fromCodePoint(codePoint));
  }
}
