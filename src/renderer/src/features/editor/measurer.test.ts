import { describe, expect, it } from 'vitest';
import type { FaceTable, FontTables } from '../../../../shared/ipc/contract';
import { TableMeasurer } from './measurer';
import { fontFailure } from './ProjectFonts.svelte';
import { AppError } from '../../../../shared/ipc/contract';

const table = (w: number, missing = ''): FaceTable => ({ ascent: 0.9, descent: -0.2, capHeight: 0.7, widths: { A: w, 福: 1 }, missing });
const tables = (extra: Record<string, FaceTable> = {}): FontTables =>
  ({ sans: table(0.6), 'sans-medium': table(0.6), 'sans-bold': table(0.62), brush: table(0.8, 'A'), latin: table(0.6), 'latin-medium': table(0.6), 'latin-bold': table(0.62), ...extra }) as FontTables;

describe('the editor measurer with project fonts', () => {
  it('measures a project face with its own table once main sent it', () => {
    const m = new TableMeasurer();
    m.add(tables({ 'font:serif.ttf': table(0.75, '福') }));
    expect(m.width('font:serif.ttf', 'A', 72)).toBeCloseTo(0.75 * 25.4, 6);
    expect(m.hasGlyph('font:serif.ttf', '福'.codePointAt(0)!)).toBe(false);
    expect(m.takeWanted()).toBe('');
  });

  it('measures a project face main has no table for as sans, and does not ask for it again and again', () => {
    const m = new TableMeasurer();
    m.add(tables());
    expect(m.width('font:gone.ttf', 'A', 72)).toBeCloseTo(m.width('sans', 'A', 72), 6);
    expect(m.metrics('font:gone.ttf')).toEqual(m.metrics('sans'));
    expect(m.takeWanted()).toBe('');
    // Every character measured so far, to measure a newly added font with.
    expect(m.known()).toBe('A福');
  });
});

describe('font failures', () => {
  it("show main's sentence in both languages when it sent one, else a catalogue line", () => {
    const both = { zh: '“a.ttf”不是字体', en: 'a.ttf is not a font' };
    expect(fontFailure(new AppError('font/not-font', both.en, { name: 'a.ttf', message: both }), 'a.ttf')).toEqual({ text: both, error: true });
    expect(fontFailure(new AppError('projects/read-only', 'read-only'), 'a.ttf')).toEqual({ key: 'fonts.readonly', params: {}, error: true });
    expect(fontFailure(new Error('boom'), 'a.ttf')).toEqual({ key: 'fonts.error.other', params: { name: 'a.ttf', message: 'boom' }, error: true });
  });
});
